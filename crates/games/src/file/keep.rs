//! The parts of loaded games, kept for the program's life and each kept
//! once: loading a file again, or a file changed in one place, keeps only
//! what is new. (A program loads a few files; the loader's fuzzer loads
//! hundreds of thousands, most of them variations of a few.)

use std::any::Any;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::sync::Mutex;

type Kept = BTreeMap<String, &'static (dyn Any + Send + Sync)>;

static KEPT: Mutex<Kept> = Mutex::new(BTreeMap::new());

/// The kept value whose key is `key`, made by `make` the first time. The
/// key must say the value whole (its type and its `Debug` text do, for the
/// plain data of a definition).
pub fn once<T: Send + Sync + 'static>(key: String, make: impl FnOnce() -> T) -> &'static T {
    // A panic elsewhere while the lock was held left the map whole.
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(value) = kept.get(&key).and_then(|v| v.downcast_ref::<T>()) {
        return value;
    }
    let value: &'static T = Box::leak(Box::new(make()));
    kept.insert(key, value);
    value
}

/// `value`, kept once.
pub fn value<T: Debug + Send + Sync + 'static>(value: T) -> &'static T {
    once(format!("{}{value:?}", std::any::type_name::<T>()), || value)
}

/// `items` as a slice kept once.
pub fn slice<T: Debug + Send + Sync + 'static>(items: Vec<T>) -> &'static [T] {
    let key = format!("{}{items:?}", std::any::type_name::<[T]>());
    once(key, || &*items.leak())
}

/// `text`, kept once.
pub fn text(text: String) -> &'static str {
    once(format!("str{text:?}"), || &*text.leak())
}
