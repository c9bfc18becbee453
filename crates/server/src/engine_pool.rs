//! The engine's work for every game: at most a fixed number of searches
//! at once, each on its own thread with its share of the hash memory. The
//! other engine turns wait, taken in turn by client: the next to start is
//! the first waiting job of the client whose last job started longest ago.
//! A client that had nothing waiting or running counts as having started
//! just before the searches running now: so one client's many games delay
//! another client's first move by the searches already running at most,
//! one per engine slot (issue 54), and no client waits behind a stream of
//! newcomers for longer than that either. Each waiting turn is told how
//! many are ahead of it. A turn whose game changed while it waited is
//! dropped. A client's jobs (and places reserved for them) are counted,
//! for the limit per client.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use crate::table::Abort;

/// Whose work a job is: a client's address as the limits count it
/// ([`crate::limits::client_key`]), or none for the server's own (a game
/// resumed after a restart, another server's change followed).
pub type Owner = Option<IpAddr>;

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
    /// The waiting jobs of each owner with any, owners in the order they
    /// came (which breaks ties).
    waiting: VecDeque<(Owner, VecDeque<Job>)>,
    /// Jobs waiting or running, by owner (for the limits per client).
    held: HashMap<Owner, usize>,
    /// When each owner holding jobs last had one start (a count of
    /// starts), or, when none has started since it last held none, the
    /// count when it came less the engine slots.
    started: HashMap<Owner, u64>,
    starts: u64,
}

impl Queue {
    /// Drops the jobs whose games changed while they waited.
    fn drop_aborted(&mut self) {
        let mut gone: Vec<Owner> = Vec::new();
        for (owner, jobs) in &mut self.waiting {
            let before = jobs.len();
            jobs.retain(|j| !j.abort.load(Ordering::Relaxed));
            gone.extend(std::iter::repeat_n(*owner, before - jobs.len()));
        }
        self.waiting.retain(|(_, jobs)| !jobs.is_empty());
        for owner in gone {
            self.release(owner);
        }
    }

    fn release(&mut self, owner: Owner) {
        if let Some(n) = self.held.get_mut(&owner) {
            *n -= 1;
            if *n == 0 {
                self.held.remove(&owner);
                self.started.remove(&owner);
            }
        }
    }

    /// The waiting owner to serve next given when each last started: the
    /// longest ago, the first come among equals.
    fn next_owner(&self, started: &HashMap<Owner, u64>, taken: &[usize]) -> Option<usize> {
        self.waiting
            .iter()
            .enumerate()
            .filter(|(i, (_, jobs))| taken[*i] < jobs.len())
            .min_by_key(|(i, (owner, _))| (started.get(owner).copied().unwrap_or(0), *i))
            .map(|(i, _)| i)
    }

    /// The next job to start, marked as its owner's latest start.
    fn pop(&mut self) -> Option<(Owner, Job)> {
        let none_taken = vec![0; self.waiting.len()];
        let i = self.next_owner(&self.started, &none_taken)?;
        let (owner, jobs) = &mut self.waiting[i];
        let (owner, job) = (*owner, jobs.pop_front()?);
        if jobs.is_empty() {
            self.waiting.remove(i);
        }
        self.starts += 1;
        self.started.insert(owner, self.starts);
        Some((owner, job))
    }

    /// A job started at once, without waiting.
    fn started_now(&mut self, owner: Owner) {
        self.starts += 1;
        self.started.insert(owner, self.starts);
    }

    /// One more job (or place) of `owner`'s; a newcomer ranks as having
    /// started just before the `slots` searches that may be running.
    fn hold(&mut self, owner: Owner, slots: usize) {
        let held = self.held.entry(owner).or_default();
        *held += 1;
        if *held == 1 {
            let came = self.starts.saturating_sub(slots as u64);
            self.started.insert(owner, came);
        }
    }

    fn waiting_len(&self) -> usize {
        self.waiting.iter().map(|(_, jobs)| jobs.len()).sum()
    }

    /// Every waiting job told its place: the order [`Queue::pop`] would
    /// start them in, were nothing else to come.
    fn tell_places(&self) {
        let mut started = self.started.clone();
        let mut taken = vec![0; self.waiting.len()];
        let mut starts = self.starts;
        let mut ahead = 0;
        while let Some(i) = self.next_owner(&started, &taken) {
            let (owner, jobs) = &self.waiting[i];
            (jobs[taken[i]].queued)(Some(ahead));
            taken[i] += 1;
            ahead += 1;
            starts += 1;
            started.insert(*owner, starts);
        }
    }
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
                held: HashMap::new(),
                started: HashMap::new(),
                starts: 0,
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
        (q.running, q.waiting_len())
    }

    /// Jobs of `owner` waiting or running, and places reserved for it.
    #[cfg(test)]
    fn held_by(&self, owner: Owner) -> usize {
        let mut q = self.lock();
        q.drop_aborted();
        q.held.get(&owner).copied().unwrap_or(0)
    }

    /// A place for one more job of `owner`'s, unless it holds `most`
    /// already (then how many it holds): counted until the job it is given
    /// to ends, or until it is dropped unused. Taken before the change that
    /// starts the job, so that the limit is never passed.
    pub fn reserve(self: &Arc<Self>, owner: Owner, most: usize) -> Result<Place, usize> {
        let mut q = self.lock();
        q.drop_aborted();
        let held = q.held.get(&owner).copied().unwrap_or(0);
        if owner.is_some() && held >= most {
            return Err(held);
        }
        q.hold(owner, self.threads);
        Ok(Place {
            pool: Arc::clone(self),
            owner,
            unused: true,
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `work` for `owner` on an engine thread as soon as one is free
    /// and the other owners waiting have had their turn, unless `abort` is
    /// set by then.
    /// A `place` reserved for `owner` is taken by the job (counted once).
    pub fn submit(
        self: &Arc<Self>,
        owner: Owner,
        place: Option<Place>,
        abort: Abort,
        queued: impl Fn(Option<usize>) + Send + 'static,
        work: impl FnOnce() + Send + 'static,
    ) {
        let job = Job {
            abort,
            queued: Box::new(queued),
            work: Box::new(work),
        };
        // The place's count becomes the job's: taken before the lock, which
        // a place dropped unused would take.
        let reserved = place.is_some_and(|mut p| {
            let mine = p.owner == owner;
            p.unused &= !mine;
            mine
        });
        let mut q = self.lock();
        // Turns whose games changed while they waited leave now.
        q.drop_aborted();
        if !reserved {
            q.hold(owner, self.threads);
        }
        if q.running < self.threads {
            q.running += 1;
            q.started_now(owner);
            drop(q);
            self.start(owner, job);
            return;
        }
        match q.waiting.iter_mut().find(|(o, _)| *o == owner) {
            Some((_, jobs)) => jobs.push_back(job),
            None => q.waiting.push_back((owner, VecDeque::from([job]))),
        }
        q.tell_places();
    }

    fn start(self: &Arc<Self>, owner: Owner, job: Job) {
        (job.queued)(None);
        let pool = Arc::clone(self);
        let spawned = std::thread::Builder::new()
            .name("chess3d-engine".into())
            .spawn(move || {
                // A panicking search must not take its slot with it.
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job.work));
                pool.finished(owner);
            });
        if spawned.is_err() {
            eprintln!("cannot start an engine thread; the engine's turn is skipped");
            self.finished(owner);
        }
    }

    /// A job of `owner` ended: the next live one starts, and those still
    /// waiting learn their new place.
    fn finished(self: &Arc<Self>, owner: Owner) {
        let mut q = self.lock();
        q.running -= 1;
        q.release(owner);
        q.drop_aborted();
        let next = if q.running < self.threads {
            q.pop()
        } else {
            None
        };
        if next.is_some() {
            q.running += 1;
        }
        q.tell_places();
        drop(q);
        if let Some((owner, job)) = next {
            self.start(owner, job);
        }
    }
}

/// A place reserved in the pool for one job of a client's
/// ([`EnginePool::reserve`]): given to the job that uses it, or given back
/// when dropped unused.
pub struct Place {
    pool: Arc<EnginePool>,
    owner: Owner,
    unused: bool,
}

impl Drop for Place {
    fn drop(&mut self) {
        if self.unused {
            self.pool.lock().release(self.owner);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;
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
                None,
                None,
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

    /// One slot: client A queues five jobs, then B one and C two. A's
    /// first starts at once; then B's and C's first go ahead of A's
    /// others (A has had a turn), then A and C take turns: a0 b0 c0 a1 c1
    /// a2 a3 a4, not the order of arrival. Each waiting job is told its
    /// place in that order; held_by counts each client's jobs until they
    /// end.
    #[test]
    fn clients_take_turns() {
        let pool = EnginePool::new(1, 8);
        let (started_tx, started_rx) = mpsc::channel();
        let (release_tx, release_rx) = mpsc::channel::<()>();
        let release_rx = Arc::new(Mutex::new(release_rx));
        let client = |n: u8| Some(IpAddr::from([10, 0, 0, n]));
        type Places = Arc<Mutex<Vec<(String, Option<usize>)>>>;
        let places: Places = Arc::default();
        let jobs = [
            (1, "a0"),
            (1, "a1"),
            (1, "a2"),
            (1, "a3"),
            (1, "a4"),
            (2, "b0"),
            (3, "c0"),
            (3, "c1"),
        ];
        for (who, name) in jobs {
            let (started_tx, release_rx, places) = (
                started_tx.clone(),
                Arc::clone(&release_rx),
                Arc::clone(&places),
            );
            pool.submit(
                client(who),
                None,
                Arc::new(AtomicBool::new(false)),
                move |ahead| places.lock().unwrap().push((name.to_string(), ahead)),
                move || {
                    started_tx.send(name).unwrap();
                    release_rx.lock().unwrap().recv().unwrap();
                },
            );
        }
        assert_eq!((pool.held_by(client(1)), pool.held_by(client(3))), (5, 2));
        let last_place = |name: &str| {
            let p = places.lock().unwrap();
            p.iter().rev().find(|e| e.0 == name).map(|e| e.1)
        };
        // Waiting: a1..a4, b0, c0, c1; served b0 c0 a1 c1 a2 a3 a4.
        assert_eq!(last_place("b0"), Some(Some(0)));
        assert_eq!(last_place("a1"), Some(Some(2)));
        assert_eq!(last_place("c1"), Some(Some(3)));
        assert_eq!(last_place("a4"), Some(Some(6)));
        let mut order = Vec::new();
        for _ in 0..jobs.len() {
            order.push(started_rx.recv_timeout(Duration::from_secs(5)).unwrap());
            release_tx.send(()).unwrap();
        }
        assert_eq!(order, ["a0", "b0", "c0", "a1", "c1", "a2", "a3", "a4"]);
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while pool.held_by(client(1)) > 0 && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(pool.held_by(client(1)), 0);
    }

    /// Places are counted as jobs: a client may reserve up to its most; a
    /// place dropped unused is given back, one given to a job is counted
    /// once, until the job ends.
    #[test]
    fn places_count_toward_the_limit_until_used_or_dropped() {
        let pool = EnginePool::new(1, 8);
        let a = Some(IpAddr::from([10, 0, 0, 1]));
        let one = pool.reserve(a, 2).unwrap();
        let two = pool.reserve(a, 2).unwrap();
        assert_eq!(pool.reserve(a, 2).err(), Some(2));
        drop(two);
        assert_eq!(pool.held_by(a), 1);
        let (done_tx, done_rx) = mpsc::channel();
        pool.submit(
            a,
            Some(one),
            Arc::new(AtomicBool::new(false)),
            |_| {},
            move || {
                done_tx.send(()).unwrap();
            },
        );
        done_rx.recv_timeout(Duration::from_secs(5)).unwrap();
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while pool.held_by(a) > 0 && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(pool.held_by(a), 0, "counted once, released when it ended");
        // The server's own work is never refused.
        for _ in 0..5 {
            std::mem::forget(pool.reserve(None, 2).unwrap());
        }
    }
}
