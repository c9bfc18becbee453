//! The transposition table, shared by every search thread without locks.
//!
//! An entry is two atomic words: the data, and the key XOR the data. A
//! reader accepts an entry only if the two agree with its key, so a torn
//! write (one word from each of two threads) is read as a miss, never as
//! another position's data (Hyatt and Mann's lockless hashing).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use chess3d_core::{Move, MoveKind};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least this (a beta cut-off).
    Lower,
    /// At most this (no move raised alpha).
    Upper,
}

/// A probed entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

pub struct Table {
    entries: Vec<[AtomicU64; 2]>,
    generation: AtomicU64,
}

const KINDS: [MoveKind; 8] = [
    MoveKind::Normal,
    MoveKind::DoubleStep,
    MoveKind::EnPassant,
    MoveKind::Castle,
    MoveKind::Shot,
    MoveKind::Push,
    MoveKind::Board,
    MoveKind::Drop,
];

// Data word: move 34 bits (from 9, to 9, kind 3, promotion 5, extra 8),
// has-move 1, score 16, depth 8, bound 2, generation 3 = 64 bits.
fn pack(e: &Entry, generation: u64) -> u64 {
    let mv = match e.mv {
        Some(m) => {
            let kind = KINDS.iter().position(|&k| k == m.kind).unwrap_or(0) as u64;
            let promo = m.promotion.map_or(0, |k| k as u64 + 1);
            (m.from as u64 & 0x1ff)
                | (m.to as u64 & 0x1ff) << 9
                | kind << 18
                | (promo & 0x1f) << 21
                | (m.extra as u64) << 26
                | 1 << 34
        }
        None => 0,
    };
    let bound = match e.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    mv | (e.score as i16 as u16 as u64) << 35
        | (e.depth.clamp(0, 255) as u64) << 51
        | bound << 59
        | (generation & 7) << 61
}

fn unpack(d: u64) -> Entry {
    let mv = (d >> 34 & 1 == 1).then(|| {
        let promo = (d >> 21 & 0x1f) as u8;
        Move {
            from: (d & 0x1ff) as u16,
            to: (d >> 9 & 0x1ff) as u16,
            kind: KINDS[(d >> 18 & 7) as usize % KINDS.len()],
            promotion: promo.checked_sub(1),
            extra: (d >> 26) as u8,
        }
    });
    Entry {
        mv,
        score: (d >> 35) as u16 as i16 as i32,
        depth: (d >> 51 & 0xff) as i32,
        bound: match d >> 59 & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

/// Asks the processor to bring `item`'s memory into its cache: a hint,
/// with no effect on what the program computes. The search prefetches a
/// child's table slots as soon as the move is made: a probe that misses
/// the cache was 11% of chess's search time (`perf`, docs/engine.md).
#[inline]
#[allow(unsafe_code)]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing the program sees and cannot fault,
    // whatever the address; this one is a live reference's. SSE, which
    // the instruction needs, is part of every x86-64 processor.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(item as *const T as *const i8);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// Asks Linux to back the table's (not yet touched) memory with 2 MB
/// pages: a probe at a random slot then misses the address cache (TLB)
/// far less often. Only the 2 MB-aligned part of the allocation is
/// advised; elsewhere, or where the kernel declines, nothing changes.
#[allow(unsafe_code)]
fn advise_huge_pages<T>(v: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = v.as_ptr() as usize;
        let end = start + v.capacity() * std::mem::size_of::<T>();
        let first = start.next_multiple_of(HUGE);
        let last = end / HUGE * HUGE;
        if last > first {
            // SAFETY: madvise only advises the kernel how to back pages
            // that this Vec owns (the range lies inside its allocation);
            // it changes neither their contents nor their mapping, and an
            // error (an old kernel, THP off) is harmless and ignored.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}

impl Table {
    /// A table of about `megabytes` MB (at least one entry).
    pub fn new(megabytes: usize) -> Table {
        let n = (megabytes.max(1) << 20) / 16;
        // A power of two, so that the index is a mask.
        let n = n.next_power_of_two() / if n.is_power_of_two() { 1 } else { 2 };
        let mut entries: Vec<[AtomicU64; 2]> = Vec::with_capacity(n);
        advise_huge_pages(&entries);
        entries.extend((0..n).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]));
        Table {
            entries,
            generation: AtomicU64::new(0),
        }
    }

    /// Empties the table (a new game).
    pub fn clear(&self) {
        for e in &self.entries {
            e[0].store(0, Relaxed);
            e[1].store(0, Relaxed);
        }
    }

    /// Marks the start of a new search: older entries are replaced first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.entries[(key as usize) & (self.entries.len() - 1)]
    }

    /// Starts loading `key`'s slot into the processor's cache, so that a
    /// probe a little later does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(self.slot(key));
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let [k, d] = self.slot(key);
        let data = d.load(Relaxed);
        (data != 0 && k.load(Relaxed) ^ data == key).then(|| unpack(data))
    }

    /// Stores an entry, replacing another position's entry only if that one
    /// is from an older search or not deeper.
    #[inline]
    pub fn store(&self, key: u64, entry: Entry) {
        let generation = self.generation.load(Relaxed);
        let [k, d] = self.slot(key);
        let old = d.load(Relaxed);
        if old != 0 && k.load(Relaxed) ^ old != key {
            let old_depth = (old >> 51 & 0xff) as i32;
            let same_search = old >> 61 == generation & 7;
            if same_search && old_depth > entry.depth + 2 {
                return;
            }
        }
        let mut entry = entry;
        if entry.mv.is_none() && old != 0 && k.load(Relaxed) ^ old == key {
            // Keep the move of an earlier search of the same position.
            entry.mv = unpack(old).mv;
        }
        let data = pack(&entry, generation);
        d.store(data, Relaxed);
        k.store(key ^ data, Relaxed);
    }

    /// Permille of a sample of entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed) & 7;
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| {
                let d = e[1].load(Relaxed);
                d != 0 && d >> 61 == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field survives packing, at the extremes of its range.
    #[test]
    fn entries_round_trip() {
        let table = Table::new(1);
        let mv = Move {
            from: 319,
            to: 0,
            kind: MoveKind::Board,
            promotion: Some(15),
            extra: 255,
        };
        for (score, depth, bound) in [
            (-32000, 0, Bound::Upper),
            (32000, 127, Bound::Lower),
            (0, 5, Bound::Exact),
        ] {
            let e = Entry {
                mv: Some(mv),
                score,
                depth,
                bound,
            };
            table.store(0xdead_beef_1234, e);
            let got = table.probe(0xdead_beef_1234).expect("stored");
            assert_eq!(got.mv, Some(mv));
            assert_eq!((got.score, got.depth, got.bound), (score, depth, bound));
        }
        assert!(table.probe(0xdead_beef_1235).is_none());
    }
}
