//! The budget clock: what a kernel's time budget is measured in.
//!
//! The budgets are counted first in Z3 work units (deterministic); the time
//! backstop behind them (for the work Z3 does not count, and for the front
//! end and analyses, which do no solver work) is measured here. On the
//! command line it is the CPU time of the threads working for the budget
//! (an [`Account`]: the checking thread and the front end's helper threads,
//! which join it through `interrupt::with`), so that a loaded machine, which
//! stretches the wall clock but not the CPU time a piece of work takes, does
//! not change a verdict. One generous wall-clock safety cap
//! ([`WALL_CAP_FACTOR`] times the budget) stays behind it, so that nothing
//! ever hangs (a thread that sleeps, or a CPU clock that cannot be read).
//!
//! The editor measures its budgets in wall time instead ([`on_wall_clock`]):
//! its budget is the latency the user waits for, which is wall time.

use std::cell::{OnceCell, RefCell};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

/// The wall-clock safety cap of a [`Deadline`], in multiples of its budget:
/// generous, so that it is reached only when the machine is loaded more than
/// that many times over (or the work sleeps), never before the CPU budget on
/// a machine that runs it.
pub const WALL_CAP_FACTOR: u32 = 10;

/// The threads working for one budget, and the time they spent.
#[derive(Clone)]
pub struct Account(Arc<AccountInner>);

enum AccountInner {
    /// CPU time of its member threads.
    Cpu {
        /// Nanoseconds of the members that left.
        left_ns: AtomicU64,
        members: Mutex<Vec<Member>>,
    },
    /// Wall time since it was made (the editor's, and where no thread CPU
    /// clock can be read).
    Wall(Instant),
}

/// A thread working for an [`Account`].
struct Member {
    thread: ThreadId,
    clock: CpuClock,
    /// Its CPU time when it joined.
    joined_ns: u64,
}

impl Account {
    /// A CPU-time account with no member yet (a wall-time one where thread
    /// CPU clocks cannot be read).
    #[allow(clippy::new_without_default)]
    pub fn new() -> Account {
        if CpuClock::of_this_thread().is_none() {
            return Account::wall();
        }
        Account(Arc::new(AccountInner::Cpu {
            left_ns: AtomicU64::new(0),
            members: Mutex::new(Vec::new()),
        }))
    }

    /// A wall-time account, starting now.
    pub fn wall() -> Account {
        Account(Arc::new(AccountInner::Wall(Instant::now())))
    }

    /// The account this thread works for: the one installed by
    /// [`working_for`], else the thread's own (its CPU time).
    pub fn current() -> Account {
        if let Some(account) = WORKING_FOR.with(|w| w.borrow().clone()) {
            return account;
        }
        OWN.with(|own| {
            own.get_or_init(|| {
                let account = Account::new();
                let membership = account.join_this_thread();
                (account, membership)
            })
            .0
            .clone()
        })
    }

    /// Whether the account measures wall time.
    pub fn is_wall(&self) -> bool {
        matches!(&*self.0, AccountInner::Wall(_))
    }

    /// The time spent on the account so far (only differences of two
    /// readings mean something).
    pub fn spent(&self) -> Duration {
        match &*self.0 {
            AccountInner::Wall(since) => since.elapsed(),
            AccountInner::Cpu { left_ns, members } => {
                let members = members.lock().unwrap_or_else(|e| e.into_inner());
                let live: u64 = members
                    .iter()
                    .map(|m| {
                        m.clock
                            .read_ns()
                            .unwrap_or(m.joined_ns)
                            .saturating_sub(m.joined_ns)
                    })
                    .sum();
                Duration::from_nanos(left_ns.load(Ordering::SeqCst).saturating_add(live))
            }
        }
    }

    /// How many threads work for the account now (at least 1): its time
    /// runs at most that many times as fast as the wall clock.
    fn speed(&self) -> u32 {
        match &*self.0 {
            AccountInner::Wall(_) => 1,
            AccountInner::Cpu { members, .. } => {
                let members = members.lock().unwrap_or_else(|e| e.into_inner());
                (members.len() as u32).max(1)
            }
        }
    }

    /// Makes the calling thread a member until the returned guard drops
    /// (on this thread); None when it is one already or the account
    /// measures wall time.
    fn join_this_thread(&self) -> Option<Membership> {
        let AccountInner::Cpu { members, .. } = &*self.0 else {
            return None;
        };
        let clock = CpuClock::of_this_thread()?;
        let thread = std::thread::current().id();
        let mut members = members.lock().unwrap_or_else(|e| e.into_inner());
        if members.iter().any(|m| m.thread == thread) {
            return None;
        }
        members.push(Member {
            thread,
            clock,
            joined_ns: clock.read_ns().unwrap_or(0),
        });
        Some(Membership {
            account: self.clone(),
            thread,
        })
    }
}

/// A thread's membership of an [`Account`]: its CPU time counts there
/// until this drops, on that thread (so the thread, whose clock the
/// account reads, is alive while it is a member).
struct Membership {
    account: Account,
    thread: ThreadId,
}

impl Drop for Membership {
    fn drop(&mut self) {
        let AccountInner::Cpu { left_ns, members } = &*self.account.0 else {
            return;
        };
        let mut members = members.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(at) = members.iter().position(|m| m.thread == self.thread) {
            let member = members.swap_remove(at);
            let spent = member
                .clock
                .read_ns()
                .unwrap_or(member.joined_ns)
                .saturating_sub(member.joined_ns);
            left_ns.fetch_add(spent, Ordering::SeqCst);
        }
    }
}

thread_local! {
    /// The account installed by [`working_for`].
    static WORKING_FOR: RefCell<Option<Account>> = const { RefCell::new(None) };
    /// The thread's own account (its CPU time), made on first use.
    static OWN: OnceCell<(Account, Option<Membership>)> = const { OnceCell::new() };
}

/// Runs `work` with this thread working for `account`: its CPU time counts
/// there, and the deadlines it makes are on it (a helper thread of work
/// under a deadline joins the deadline's account this way).
pub fn working_for<T>(account: &Account, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Account>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            WORKING_FOR.with(|w| *w.borrow_mut() = previous);
        }
    }
    let _membership = account.join_this_thread();
    let previous = WORKING_FOR.with(|w| w.borrow_mut().replace(account.clone()));
    let _restore = Restore(previous);
    work()
}

/// Runs `work` with its budgets measured in wall time (the editor's: its
/// budget is the latency the user waits for).
pub fn on_wall_clock<T>(work: impl FnOnce() -> T) -> T {
    working_for(&Account::wall(), work)
}

/// A reading of the current account (and of the wall clock, for reports
/// of how long something took), to measure the time spent since.
#[derive(Clone)]
pub struct Stopwatch {
    account: Account,
    at: Duration,
    wall: Instant,
}

impl Stopwatch {
    /// Starts on the current account.
    pub fn start() -> Stopwatch {
        let account = Account::current();
        let at = account.spent();
        Stopwatch {
            account,
            at,
            wall: Instant::now(),
        }
    }

    /// The time spent on the account since the start (what budgets count).
    pub fn elapsed(&self) -> Duration {
        self.account.spent().saturating_sub(self.at)
    }

    /// The wall time since the start (what reports show as time taken).
    pub fn wall_elapsed(&self) -> Duration {
        self.wall.elapsed()
    }
}

/// Which limit of a [`Deadline`] was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reached {
    /// The budget on its account's clock (CPU time, or the editor's wall time).
    Budget,
    /// The wall-clock safety cap behind a CPU-time budget.
    WallCap,
}

/// When a budget runs out: its account's time reaching a point, or the
/// wall-clock safety cap, whichever comes first.
#[derive(Clone)]
pub struct Deadline {
    account: Account,
    /// The account's [`Account::spent`] at which the budget is spent.
    at: Duration,
    /// The wall-clock safety cap.
    wall_cap: Instant,
}

impl std::fmt::Debug for Deadline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Deadline")
            .field("left", &self.left())
            .field("wall", &self.account.is_wall())
            .finish()
    }
}

impl Deadline {
    /// `budget` from now on the current account.
    pub fn after(budget: Duration) -> Deadline {
        Deadline::after_spent(budget, Duration::ZERO)
    }

    /// `budget` on the current account, of which `spent` (measured on the
    /// same clock, e.g. by a [`Stopwatch`]) was spent before now.
    pub fn after_spent(budget: Duration, spent: Duration) -> Deadline {
        let account = Account::current();
        let left = budget.saturating_sub(spent);
        let at = account.spent() + left;
        let wall_cap = if account.is_wall() {
            Instant::now() + left
        } else {
            Instant::now() + (budget * WALL_CAP_FACTOR).saturating_sub(spent)
        };
        Deadline {
            account,
            at,
            wall_cap,
        }
    }

    /// The account it is measured on.
    pub fn account(&self) -> &Account {
        &self.account
    }

    /// Which limit was reached, if one was.
    pub fn reached(&self) -> Option<Reached> {
        if self.account.spent() >= self.at {
            Some(Reached::Budget)
        } else if Instant::now() >= self.wall_cap {
            Some(Reached::WallCap)
        } else {
            None
        }
    }

    /// Whether a limit was reached.
    pub fn passed(&self) -> bool {
        self.reached().is_some()
    }

    /// The time left on the account's clock (at most the wall time left
    /// before the cap).
    pub fn left(&self) -> Duration {
        self.at
            .saturating_sub(self.account.spent())
            .min(self.wall_cap.saturating_duration_since(Instant::now()))
    }

    /// The wall time left before the safety cap (a bound for a call that
    /// counts wall time itself, such as Z3's `timeout`).
    pub fn wall_cap_left(&self) -> Duration {
        self.wall_cap.saturating_duration_since(Instant::now())
    }

    /// A deadline at `numerator / denominator` of what is left of this one,
    /// on both clocks (a share of the budget for one step of the work).
    pub fn share(&self, numerator: u32, denominator: u32) -> Deadline {
        let denominator = denominator.max(1);
        let spent = self.account.spent();
        let now = Instant::now();
        let cpu_left = self.at.saturating_sub(spent);
        let wall_left = self.wall_cap.saturating_duration_since(now);
        Deadline {
            account: self.account.clone(),
            at: spent + cpu_left / denominator * numerator,
            wall_cap: now + wall_left / denominator * numerator,
        }
    }

    /// How long a watchdog may sleep before it looks again: no limit can be
    /// reached sooner (the account's time runs at most as fast as the wall
    /// clock times its members), at least a millisecond.
    pub fn next_look(&self) -> Duration {
        (self.left() / self.account.speed()).max(Duration::from_millis(1))
    }

    /// What a reached limit is called in messages, for a budget named
    /// `budget` (e.g. "budget of 10000 ms").
    pub fn describe(&self, reached: Reached, budget: &str) -> String {
        match (reached, self.account.is_wall()) {
            (Reached::Budget, true) => format!("wall-clock backstop ({budget})"),
            (Reached::Budget, false) => format!("CPU-time backstop ({budget})"),
            (Reached::WallCap, _) => format!(
                "wall-clock safety cap ({WALL_CAP_FACTOR} times the {budget}; the machine is loaded)"
            ),
        }
    }
}

/// Runs `work` while a watchdog thread looks at `deadline` and, once it has
/// passed, calls `stop` (which must make `work` return, e.g. interrupt a
/// Z3 context) and calls it again every `repeat` until `work` returns.
/// Returns what `work` returned and whether `stop` was called.
pub fn watched<T>(
    deadline: &Deadline,
    repeat: Duration,
    stop: impl Fn() + Send,
    work: impl FnOnce() -> T,
) -> (T, bool) {
    use std::sync::mpsc::RecvTimeoutError::Timeout;
    std::thread::scope(|scope| {
        let (done, finished) = std::sync::mpsc::channel::<()>();
        let watchdog = scope.spawn(move || {
            loop {
                if finished.recv_timeout(deadline.next_look()) != Err(Timeout) {
                    return false;
                }
                if deadline.passed() {
                    break;
                }
            }
            loop {
                stop();
                if finished.recv_timeout(repeat) != Err(Timeout) {
                    return true;
                }
            }
        });
        // Sent also when `work` unwinds, so that the watchdog ends.
        struct Done(std::sync::mpsc::Sender<()>);
        impl Drop for Done {
            fn drop(&mut self) {
                let _ = self.0.send(());
            }
        }
        let signal = Done(done);
        let result = work();
        drop(signal);
        (result, watchdog.join().unwrap_or(false))
    })
}

/// A thread's CPU clock.
#[derive(Clone, Copy)]
struct CpuClock(
    #[cfg(target_os = "linux")] libc::clockid_t,
    #[cfg(not(target_os = "linux"))] (),
);

impl CpuClock {
    /// The calling thread's CPU clock, readable from other threads while it
    /// lives; None where there is none.
    #[cfg(target_os = "linux")]
    fn of_this_thread() -> Option<CpuClock> {
        let mut clock: libc::clockid_t = 0;
        // SAFETY: `pthread_self` is the calling thread, alive; `clock` is a
        // valid place for the result.
        let status = unsafe { libc::pthread_getcpuclockid(libc::pthread_self(), &mut clock) };
        let clock = (status == 0).then_some(CpuClock(clock))?;
        clock.read_ns().map(|_| clock)
    }

    #[cfg(not(target_os = "linux"))]
    fn of_this_thread() -> Option<CpuClock> {
        None
    }

    /// The thread's CPU time in nanoseconds; None when it cannot be read
    /// (the thread ended).
    #[cfg(target_os = "linux")]
    fn read_ns(self) -> Option<u64> {
        let mut now = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `now` is a valid place for the result; a clock id of an
        // ended thread is an error return, not undefined behaviour.
        let status = unsafe { libc::clock_gettime(self.0, &mut now) };
        (status == 0).then(|| {
            (now.tv_sec.max(0) as u64)
                .saturating_mul(1_000_000_000)
                .saturating_add(now.tv_nsec.max(0) as u64)
        })
    }

    #[cfg(not(target_os = "linux"))]
    fn read_ns(self) -> Option<u64> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spins until this thread spent `d` of CPU time (wall time where
    /// there is no CPU clock), whatever the load.
    fn spin(d: Duration) {
        let clock = CpuClock::of_this_thread();
        let start_ns = clock.and_then(|c| c.read_ns()).unwrap_or(0);
        let t = Instant::now();
        let mut x = 0u64;
        loop {
            let spent = match clock.and_then(|c| c.read_ns()) {
                Some(ns) => Duration::from_nanos(ns.saturating_sub(start_ns)),
                None => t.elapsed(),
            };
            if spent >= d {
                break;
            }
            for _ in 0..10_000 {
                x = std::hint::black_box(x.wrapping_add(1));
            }
        }
    }

    #[test]
    fn a_sleeping_thread_spends_no_cpu_budget() {
        if Account::current().is_wall() {
            return;
        }
        let deadline = Deadline::after(Duration::from_millis(200));
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(deadline.reached(), None, "sleeping is not CPU time");
        spin(Duration::from_millis(210));
        assert_eq!(deadline.reached(), Some(Reached::Budget));
    }

    #[test]
    fn helper_threads_count_for_the_account_they_join() {
        let account = Account::current();
        if account.is_wall() {
            return;
        }
        let watch = Stopwatch::start();
        std::thread::scope(|s| {
            s.spawn(|| working_for(&account, || spin(Duration::from_millis(150))));
        });
        // The helper's CPU time stays counted after it left.
        assert!(
            watch.elapsed() >= Duration::from_millis(100),
            "{:?}",
            watch.elapsed()
        );
        // A thread that did not join does not count.
        let watch = Stopwatch::start();
        std::thread::scope(|s| {
            s.spawn(|| spin(Duration::from_millis(150)));
        });
        assert!(
            watch.elapsed() < Duration::from_millis(100),
            "{:?}",
            watch.elapsed()
        );
    }

    #[test]
    fn the_wall_cap_stops_a_sleeper() {
        let deadline = Deadline::after(Duration::from_millis(2));
        let wall = deadline.account().is_wall();
        std::thread::sleep(Duration::from_millis(40));
        let expected = if wall {
            Reached::Budget
        } else {
            Reached::WallCap
        };
        assert_eq!(deadline.reached(), Some(expected));
    }

    #[test]
    fn the_editor_counts_wall_time() {
        on_wall_clock(|| {
            let deadline = Deadline::after(Duration::from_millis(20));
            assert!(deadline.account().is_wall());
            std::thread::sleep(Duration::from_millis(40));
            assert_eq!(deadline.reached(), Some(Reached::Budget));
        });
    }

    #[test]
    fn the_watchdog_stops_work_past_its_cpu_budget() {
        let stop = std::sync::atomic::AtomicBool::new(false);
        let deadline = Deadline::after(Duration::from_millis(30));
        let (spun, stopped) = watched(
            &deadline,
            Duration::from_millis(5),
            || stop.store(true, Ordering::SeqCst),
            || {
                let t = Instant::now();
                while !stop.load(Ordering::SeqCst) && t.elapsed() < Duration::from_secs(20) {
                    std::hint::black_box(0u64);
                }
                t.elapsed()
            },
        );
        assert!(stopped);
        assert!(spun < Duration::from_secs(20));
        // Work that ends first is not stopped.
        let deadline = Deadline::after(Duration::from_secs(5));
        let ((), stopped) = watched(&deadline, Duration::from_millis(5), || {}, || {});
        assert!(!stopped);
    }
}
