//! The engine's work for every game: at most a fixed number of searches
//! at once, each on its own thread with its share of the hash memory; the
//! other engine turns wait in order of arrival and are told how many are
//! ahead of them. A turn whose game changed while it waited is dropped.

use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use crate::table::Abort;

/// A queued piece of engine work.
struct Job {
    abort: Abort,
    /// Told the number of jobs ahead whenever it changes; `None` when the
    /// job starts.
    queued: Box<dyn Fn(Option<usize>) + Send>,
    work: Box<dyn FnOnce() + Send>,
}

struct Queue {
    running: usize,
    waiting: VecDeque<Job>,
}

pub struct EnginePool {
    threads: usize,
    hash_mb: usize,
    queue: Mutex<Queue>,
}

impl EnginePool {
    /// A pool running `threads` searches at once, each with `hash_mb` MB
    /// of hash table.
    pub fn new(threads: usize, hash_mb: usize) -> Arc<EnginePool> {
        Arc::new(EnginePool {
            threads: threads.max(1),
            hash_mb: hash_mb.max(1),
            queue: Mutex::new(Queue {
                running: 0,
                waiting: VecDeque::new(),
            }),
        })
    }

    /// Each search's hash table, in MB.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Searches running and turns waiting.
    pub fn load(&self) -> (usize, usize) {
        let q = self.lock();
        (q.running, q.waiting.len())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `work` on an engine thread as soon as one is free, unless
    /// `abort` is set by then.
    pub fn submit(
        self: &Arc<Self>,
        abort: Abort,
        queued: impl Fn(Option<usize>) + Send + 'static,
        work: impl FnOnce() + Send + 'static,
    ) {
        let job = Job {
            abort,
            queued: Box::new(queued),
            work: Box::new(work),
        };
        let mut q = self.lock();
        // Turns whose games changed while they waited leave now.
        q.waiting.retain(|j| !j.abort.load(Ordering::Relaxed));
        if q.running < self.threads {
            q.running += 1;
            drop(q);
            self.start(job);
        } else {
            (job.queued)(Some(q.waiting.len()));
            q.waiting.push_back(job);
        }
    }

    fn start(self: &Arc<Self>, job: Job) {
        (job.queued)(None);
        let pool = Arc::clone(self);
        let spawned = std::thread::Builder::new()
            .name("chess3d-engine".into())
            .spawn(move || {
                // A panicking search must not take its slot with it.
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job.work));
                pool.finished();
            });
        if spawned.is_err() {
            eprintln!("cannot start an engine thread; the engine's turn is skipped");
            self.finished();
        }
    }

    /// A job ended: the next live one starts, and those still waiting
    /// learn their new place.
    fn finished(self: &Arc<Self>) {
        let mut q = self.lock();
        q.running -= 1;
        q.waiting.retain(|j| !j.abort.load(Ordering::Relaxed));
        let next = (q.running < self.threads)
            .then(|| q.waiting.pop_front())
            .flatten();
        if next.is_some() {
            q.running += 1;
        }
        for (ahead, job) in q.waiting.iter().enumerate() {
            (job.queued)(Some(ahead));
        }
        drop(q);
        if let Some(job) = next {
            self.start(job);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::sync::mpsc;
    use std::time::Duration;

    /// Two slots, five jobs: two start at once, the others wait in order
    /// with 0, 1 and 2 ahead; a waiting job aborted meanwhile never runs.
    #[test]
    fn jobs_wait_in_order_and_aborted_ones_are_dropped() {
        let pool = EnginePool::new(2, 8);
        let (done_tx, done_rx) = mpsc::channel();
        let (release_tx, release_rx) = mpsc::channel::<()>();
        let release_rx = Arc::new(Mutex::new(release_rx));
        // Each job's places in the queue as it was told them.
        type Places = Arc<Mutex<Vec<(usize, Option<usize>)>>>;
        let places: Places = Arc::default();
        let aborts: Vec<Abort> = (0..5).map(|_| Arc::new(AtomicBool::new(false))).collect();
        for (i, abort) in aborts.iter().enumerate() {
            let places = Arc::clone(&places);
            let (done_tx, release_rx) = (done_tx.clone(), Arc::clone(&release_rx));
            pool.submit(
                Arc::clone(abort),
                move |ahead| places.lock().unwrap().push((i, ahead)),
                move || {
                    release_rx.lock().unwrap().recv().unwrap();
                    done_tx.send(i).unwrap();
                },
            );
        }
        assert_eq!(pool.load(), (2, 3));
        {
            let p = places.lock().unwrap();
            assert!(p.contains(&(2, Some(0))) && p.contains(&(3, Some(1))));
            assert!(p.contains(&(4, Some(2))));
        }
        aborts[3].store(true, Ordering::Relaxed);
        for _ in 0..4 {
            release_tx.send(()).unwrap();
        }
        let mut done: Vec<usize> = (0..4)
            .map(|_| done_rx.recv_timeout(Duration::from_secs(5)).unwrap())
            .collect();
        done.sort();
        assert_eq!(done, [0, 1, 2, 4], "job 3 was aborted while waiting");
        assert!(done_rx.recv_timeout(Duration::from_millis(100)).is_err());
        // Job 4 was told its place as job 2 left the queue, before starting.
        let p = places.lock().unwrap();
        let four: Vec<Option<usize>> = p.iter().filter(|e| e.0 == 4).map(|e| e.1).collect();
        assert_eq!(four.first(), Some(&Some(2)));
        assert_eq!(four.last(), Some(&None));
    }
}
