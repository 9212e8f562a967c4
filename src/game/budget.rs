//! The memory budget: how much memory the process holds, and the limit above which long computations stop
//! with an error instead of running the machine out of memory.
//!
//! [`CountingAlloc`] wraps the allocators (mimalloc for blocks under 1 MiB, glibc's for larger) and keeps a
//! running total of live bytes, each block counted with glibc's overhead (its chunk header and 16-byte
//! rounding, a little more than mimalloc's size classes take for most small blocks); the front-end installs it as
//! the global allocator (`lib.rs`) and sets the limit ([`set_limit`]; none by default, so library users and
//! tests are unaffected). The limit is kept for the process's resident memory, which also holds memory the
//! allocator keeps after it is freed and the interpreter's stack: whenever the count has grown by half the
//! remaining headroom since the last look (or a recursive walk has gone 8 MiB deeper), the next polling
//! point reads the resident size from `/proc/self/statm` (after [`give_back`] when much of it is free
//! memory the allocators kept); the count and the resident size are both held under the budget less a
//! margin of 1/16, which covers what grows between two polling points.
//!
//! Nothing fails inside the allocator: the engine's polling points ([`crate::game::Games`] sums, comparisons
//! and constructions), the native solvers and the evaluator ask [`exceeded`] and unwind with an ordinary
//! error when it is true, so the work in progress is dropped and the session goes on. Sizes that are known
//! before allocating (a string or list about to be repeated) are checked up front with [`would_exceed`].

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Live bytes, with the allocator's overhead per block.
static USED: AtomicUsize = AtomicUsize::new(0);
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);
/// The count of live bytes above which the next polling point takes a closer look ([`check`]).
static CHECK_AT: AtomicUsize = AtomicUsize::new(usize::MAX);
/// The limit less its margin: what the count and the resident size are held under.
static SOFT: AtomicUsize = AtomicUsize::new(usize::MAX);
/// Set when a closer look is due: the polling points' one load on the hot path.
static ALERT: AtomicBool = AtomicBool::new(false);
/// The highest use seen above the budget since the last report (0: none). Set by the allocator itself, so
/// a spike that is freed again before the next polling point is still caught there.
static PEAK_OVER: AtomicUsize = AtomicUsize::new(0);
/// The resident size at the last look.
static RESIDENT: AtomicUsize = AtomicUsize::new(0);

/// The bytes glibc's allocator takes for a block of `size` bytes: an 8-byte header, rounded up to 16, at
/// least 32. Counting this (not the bare size) keeps the count close to what the blocks really take when
/// most are small (tree nodes, option lists).
#[inline]
fn chunk(size: usize) -> usize {
    ((size + 8 + 15) & !15).max(32)
}

// The counter is updated with a plain load and store, not an atomic read-modify-write: allocation is on
// the hot path of every engine operation, a locked add costs several times more, and the evaluator runs on
// one thread. A rare lost update between threads makes the count approximate, which a budget tolerates.
#[inline]
fn grew(by: usize) {
    let now = USED.load(Ordering::Relaxed).wrapping_add(by);
    USED.store(now, Ordering::Relaxed);
    if now > CHECK_AT.load(Ordering::Relaxed) {
        ALERT.store(true, Ordering::Relaxed);
        if now > SOFT.load(Ordering::Relaxed) {
            PEAK_OVER.fetch_max(now, Ordering::Relaxed);
        }
    }
}

#[inline]
fn shrank(by: usize) {
    USED.store(USED.load(Ordering::Relaxed).saturating_sub(by), Ordering::Relaxed);
}

/// The allocator, counting live bytes: mimalloc for blocks under [`BIG`], the system's (glibc) for larger.
pub struct CountingAlloc;

/// Blocks of this size and more come from the system allocator: glibc maps each of them on its own, so a
/// freed one goes back to the system at once and a growing one moves with `mremap` (no copy, no second
/// buffer). mimalloc keeps a freed block's pages for a while and grows one by copying, so a vector that
/// doubles to hundreds of MiB held its old buffers too and crossed the budget between two polling points
/// (`(*(2^20)).Followers.Size` reached 1.37 GB under `--max-memory 1G`). The small blocks, nearly all of the
/// engine's allocations (nodes, option lists, values), take mimalloc's faster path.
const BIG: usize = 1 << 20;

/// The allocator for the small blocks: mimalloc, built with `no_thp` (Cargo.toml): its own transparent huge
/// pages cost more in page faults (system time) than they saved; the large tables that gain from huge pages
/// come from the system allocator and ask for them themselves ([`huge_table`]). Blocks aligned to at most 8
/// bytes (nearly all) take the plain `mi_malloc` path: every mimalloc block is a multiple of 8 bytes into an
/// aligned page, so 8-byte alignment holds, and the plain path skips the aligned one's checks.
struct Small;

impl Small {
    #[inline]
    unsafe fn alloc(layout: Layout) -> *mut u8 {
        if layout.align() <= 8 {
            mi::mi_malloc(layout.size()) as *mut u8
        } else {
            mi::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(layout: Layout) -> *mut u8 {
        if layout.align() <= 8 {
            mi::mi_zalloc(layout.size()) as *mut u8
        } else {
            mi::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
        }
    }

    #[inline]
    unsafe fn dealloc(ptr: *mut u8) {
        mi::mi_free(ptr as *mut std::ffi::c_void)
    }

    #[inline]
    unsafe fn realloc(ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= 8 {
            mi::mi_realloc(ptr as *mut std::ffi::c_void, new_size) as *mut u8
        } else {
            mi::mi_realloc_aligned(ptr as *mut std::ffi::c_void, new_size, layout.align()) as *mut u8
        }
    }
}

/// mimalloc's `mi_option_arena_reserve` (its position in `mi_option_e`, mimalloc.h of the version Cargo.lock
/// pins), in KiB.
const MI_OPTION_ARENA_RESERVE: mi::mi_option_t = 23;

/// Sets mimalloc's arena reservation to 64 MiB (from 1 GiB) when the program is loaded, before its first
/// allocation. Each arena is reserved as address space at once, and under `ulimit -v` the default budget is
/// what the limit leaves beyond the address space mapped at start ([`address_space_left`]): a 1 GiB
/// reservation took 0.75 GiB off it (2.3 GiB became 1.5 GiB under `ulimit -v 4000000`). Arenas of 64 MiB
/// (more of them as the heap grows; mimalloc doubles their size every eighth) cost nothing measurable.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static SMALL_ARENAS: extern "C" fn() = {
    extern "C" fn small_arenas() {
        // SAFETY: sets one option's value; mimalloc reads it when it next reserves an arena.
        unsafe { mi::mi_option_set(MI_OPTION_ARENA_RESERVE, 64 << 10) }
    }
    small_arenas
};

// SAFETY: each block is allocated, resized and freed by the allocator its size names (both sides of `BIG`
// go through the same test, and a resize across it moves the block); the counter is only bookkeeping.
unsafe impl GlobalAlloc for CountingAlloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = if layout.size() < BIG { Small::alloc(layout) } else { System.alloc(layout) };
        if !p.is_null() {
            grew(chunk(layout.size()));
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = if layout.size() < BIG { Small::alloc_zeroed(layout) } else { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(chunk(layout.size()));
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if layout.size() < BIG {
            Small::dealloc(ptr)
        } else {
            System.dealloc(ptr, layout)
        }
        shrank(chunk(layout.size()));
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = match (layout.size() < BIG, new_size < BIG) {
            (true, true) => Small::realloc(ptr, layout, new_size),
            (false, false) => System.realloc(ptr, layout, new_size),
            (small, _) => {
                // Across `BIG`: a new block from the other allocator, the contents copied, the old one freed.
                let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
                let q = if small { System.alloc(new_layout) } else { Small::alloc(new_layout) };
                if !q.is_null() {
                    std::ptr::copy_nonoverlapping(ptr, q, layout.size().min(new_size));
                    if small {
                        Small::dealloc(ptr)
                    } else {
                        System.dealloc(ptr, layout)
                    }
                }
                q
            }
        };
        if !p.is_null() {
            let (old, new) = (chunk(layout.size()), chunk(new_size));
            if new >= old {
                grew(new - old);
            } else {
                shrank(old - new);
            }
        }
        p
    }
}

/// Live bytes allocated through [`CountingAlloc`] (0 when it is not the global allocator).
pub fn used() -> usize {
    USED.load(Ordering::Relaxed)
}

/// The budget in bytes (`usize::MAX`: none).
pub fn limit() -> usize {
    resolve_default();
    LIMIT.load(Ordering::Relaxed)
}

/// The budget for a heuristic asked at every safe point ("is the memory in use over half the budget?"):
/// [`limit`], or `usize::MAX` while the default budget is pending and the live bytes are within
/// [`DEFAULT_CHECK_AT`] (less than half of any workable budget), so that asking does not make a short run
/// compute the default ([`set_default_limit`]).
pub fn limit_for_heuristics() -> usize {
    if DEFAULT_PENDING.load(Ordering::Relaxed) && used() <= DEFAULT_CHECK_AT {
        return usize::MAX;
    }
    limit()
}

/// The part of a budget that computations may fill: the rest is a margin for what grows between two
/// polling points.
fn soft_limit(limit: usize) -> usize {
    if limit == usize::MAX {
        usize::MAX
    } else {
        limit - limit / 16
    }
}

/// Sets the budget in bytes (and forgets an excess seen under the old one); the next polling point looks
/// at the memory in use.
pub fn set_limit(bytes: usize) {
    DEFAULT_PENDING.store(false, Ordering::Relaxed);
    LIMIT.store(bytes, Ordering::Relaxed);
    SOFT.store(soft_limit(bytes), Ordering::Relaxed);
    PEAK_OVER.store(0, Ordering::Relaxed);
    CHECK_AT.store(0, Ordering::Relaxed);
    ALERT.store(true, Ordering::Relaxed);
}

/// Whether the budget is exceeded: the memory in use is over it now, or went over it since the last report
/// (the allocator keeps the peak). It stays true until [`reported_use`] is asked.
#[inline]
pub fn exceeded() -> bool {
    // The allocator and the stack walks raise ALERT when a closer look is due. Every 2^16th poll looks too:
    // memory counted when it was reserved (a vector's doubled capacity) becomes resident only as it is
    // written, without the count moving.
    if ALERT.load(Ordering::Relaxed) {
        return check();
    }
    let n = TICKS.load(Ordering::Relaxed).wrapping_add(1);
    TICKS.store(n, Ordering::Relaxed);
    n & 0xffff == 0
        && (LIMIT.load(Ordering::Relaxed) != usize::MAX || DEFAULT_PENDING.load(Ordering::Relaxed))
        && check()
}

/// Polls since the start (see [`exceeded`]); a plain load and store, like the count.
static TICKS: AtomicUsize = AtomicUsize::new(0);

/// The process's resident memory in bytes, from `/proc/self/statm` (`None` where that cannot be read).
pub fn resident() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = text.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * page_size())
}

fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 {
        p as usize
    } else {
        4096
    }
}

/// Gives free memory the allocators keep back to the system: glibc's `malloc_trim` (the large blocks, and
/// whatever C code in the process allocated) and mimalloc's `mi_collect` (the small blocks of this thread's
/// heap, and the pages of threads that ended; pages other threads hold free stay until those threads purge them).
pub fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory.
    unsafe {
        libc::malloc_trim(0);
    }
    // SAFETY: mi_collect only releases free memory.
    unsafe {
        mi::mi_collect(true);
    }
}

/// The closer look [`exceeded`] takes when ALERT is up: true when the count or the resident size is over the
/// budget's soft limit; otherwise it sets the count at which to look again (half the headroom on).
#[cold]
fn check() -> bool {
    if DEFAULT_PENDING.load(Ordering::Relaxed)
        && used() <= DEFAULT_CHECK_AT
        && resident().unwrap_or(0) <= DEFAULT_CHECK_AT
    {
        // Too little memory in use for a workable budget to matter: the default is not needed yet.
        CHECK_AT.store(DEFAULT_CHECK_AT, Ordering::Relaxed);
        ALERT.store(used() > DEFAULT_CHECK_AT, Ordering::Relaxed);
        return false;
    }
    let limit = limit(); // (which computes a pending default budget first)
    if limit == usize::MAX {
        CHECK_AT.store(usize::MAX, Ordering::Relaxed);
        ALERT.store(false, Ordering::Relaxed);
        return false;
    }
    if PEAK_OVER.load(Ordering::Relaxed) != 0 {
        return true;
    }
    let soft = soft_limit(limit);
    let count = used();
    let mut rss = resident().unwrap_or(0);
    if rss > soft && rss > count.saturating_add(limit / 16) {
        // Much of it is memory freed and kept by the allocator: give that back before judging.
        give_back();
        rss = resident().unwrap_or(0);
    }
    RESIDENT.store(rss, Ordering::Relaxed);
    let worst = rss.max(count);
    if worst > soft {
        PEAK_OVER.fetch_max(worst, Ordering::Relaxed);
        return true;
    }
    let step = ((soft - worst) / 2).max(limit / 64);
    CHECK_AT.store(count.saturating_add(step), Ordering::Relaxed);
    ALERT.store(false, Ordering::Relaxed);
    // An allocation between the store of CHECK_AT and ALERT may have crossed the new mark: look again.
    if used() > CHECK_AT.load(Ordering::Relaxed) {
        ALERT.store(true, Ordering::Relaxed);
    }
    false
}

/// The memory in use when the budget was last found exceeded (and forgets it), or the current use; gives
/// the memory of the abandoned work back to the system.
pub fn reported_use() -> usize {
    let peak = PEAK_OVER.swap(0, Ordering::Relaxed);
    ALERT.store(true, Ordering::Relaxed);
    give_back();
    peak.max(used())
}

/// Whether allocating `more` bytes now would cross the budget.
pub fn would_exceed(more: usize) -> bool {
    let now = used().max(RESIDENT.load(Ordering::Relaxed));
    if DEFAULT_PENDING.load(Ordering::Relaxed) {
        if now.saturating_add(more) <= DEFAULT_CHECK_AT {
            // Within what any workable budget allows: the pending default is not needed yet.
            return false;
        }
        resolve_default_now();
    }
    now.saturating_add(more) > SOFT.load(Ordering::Relaxed)
}

/// Unwinds with [`OutOfBudget`] when `map` is full, so that its next insertion moves it to a table twice as
/// large, and that table would cross the budget: the move allocates and fills the new table (while the old
/// one is still held) between two polling points, so the memo tables check before they grow.
#[inline]
pub fn check_growth<K, V, S>(map: &std::collections::HashMap<K, V, S>) {
    if map.len() == map.capacity() && map.capacity() >= 1 << 14 {
        let bytes = map.capacity().saturating_mul(2 * (std::mem::size_of::<(K, V)>() + 1));
        if would_exceed(bytes) {
            PEAK_OVER.fetch_max(used().saturating_add(bytes), Ordering::Relaxed);
            ALERT.store(true, Ordering::Relaxed);
            std::panic::panic_any(OutOfBudget);
        }
    }
}

/// A table of `n` copies of `fill`. On Linux a large one asks for transparent huge pages (2 MiB) before it
/// is written: a probe of a hash table (the arena's result caches, a ruleset memo's index) is a random access
/// into tens or hundreds of MiB, which with 4 KiB pages also misses the address-translation cache nearly every
/// time. (Only a hint: without huge pages the table is the same.)
pub fn huge_table<T: Copy>(n: usize, fill: T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let (p, len) = (v.as_ptr() as usize, n * std::mem::size_of::<T>());
        let (start, end) = (p.next_multiple_of(HUGE), (p + len) / HUGE * HUGE);
        if end > start {
            // SAFETY: the range lies inside the vector's allocation; MADV_HUGEPAGE changes no contents.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    v.resize(n, fill);
    v
}

/// Unwinds with [`OutOfBudget`] when appending `more` elements of `elem` bytes each to a vector of `len`
/// elements in a buffer of `capacity` moves it to a larger buffer that would cross the budget: the move
/// allocates the new buffer (doubled, as `Vec` grows) while the old one is still held, in one step between
/// two polling points, so vectors that can grow without bound (the arena's option and node lists, explicit
/// work stacks) check before they grow (issue 36 row 2: `Up(10^9)` reached 14 GB under a 2 GB budget).
#[inline]
pub fn check_vec_growth(len: usize, capacity: usize, more: usize, elem: usize) {
    let need = len.saturating_add(more);
    if need > capacity {
        refuse_buffer(need.max(capacity.saturating_mul(2)).saturating_mul(elem));
    }
}

#[cold]
fn refuse_buffer(bytes: usize) {
    if bytes >= 1 << 20 && would_exceed(bytes) {
        PEAK_OVER.fetch_max(used().saturating_add(bytes), Ordering::Relaxed);
        ALERT.store(true, Ordering::Relaxed);
        std::panic::panic_any(OutOfBudget);
    }
}

/// The default budget: three quarters of the smallest of the machine's physical memory (`/proc/meminfo`),
/// the address space `ulimit -v` leaves ([`address_space_left`]) and the cgroup's memory limit (v2
/// `memory.max`, v1 `memory.limit_in_bytes`, [`cgroup_limit`]); `None` where none of them can be read.
/// Past any of the three the process would be killed or aborted instead of stopping with the budget error.
pub fn default_limit() -> Option<usize> {
    [physical_memory(), address_space_left(), cgroup_memory()].into_iter().flatten().min().map(|b| b / 4 * 3)
}

/// Set by [`set_default_limit`] until the default budget is computed ([`resolve_default`]).
static DEFAULT_PENDING: AtomicBool = AtomicBool::new(false);
/// What `ulimit -v` leaves ([`address_space_left`]), measured when [`set_default_limit`] ran.
static ADDRESS_SPACE_LEFT: AtomicUsize = AtomicUsize::new(usize::MAX);

/// The live bytes (or resident size) from which a closer look ([`check`]) computes a pending default budget:
/// below the smallest budget a user may set ([`MIN_LIMIT`]), so no budget that could work is crossed unseen.
const DEFAULT_CHECK_AT: usize = 16 << 20;

/// Makes [`default_limit`] the budget, computed when it is first needed: by the first closer look (the count
/// passing [`DEFAULT_CHECK_AT`], a deep recursive walk, a periodic look), a size checked up front
/// ([`would_exceed`]) or [`limit`]. Reading `/proc/meminfo` and the cgroup files takes some 25 system calls,
/// which a short run (`cgs -e 1`, a small script) never needs (docs/PERFORMANCE.md, "Start-up"). What
/// `ulimit -v` leaves is measured now, before the interpreter thread's stack is mapped, as `default_limit` does.
pub fn set_default_limit() {
    ADDRESS_SPACE_LEFT.store(address_space_left().unwrap_or(usize::MAX), Ordering::Relaxed);
    LIMIT.store(usize::MAX, Ordering::Relaxed);
    SOFT.store(usize::MAX, Ordering::Relaxed);
    PEAK_OVER.store(0, Ordering::Relaxed);
    CHECK_AT.store(DEFAULT_CHECK_AT, Ordering::Relaxed);
    ALERT.store(false, Ordering::Relaxed);
    DEFAULT_PENDING.store(true, Ordering::Relaxed);
    if used() > DEFAULT_CHECK_AT {
        ALERT.store(true, Ordering::Relaxed);
    }
}

/// Computes the default budget [`set_default_limit`] left pending (once; a no-op otherwise).
#[inline]
fn resolve_default() {
    if DEFAULT_PENDING.load(Ordering::Relaxed) {
        resolve_default_now();
    }
}

#[cold]
fn resolve_default_now() {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    if !DEFAULT_PENDING.load(Ordering::Relaxed) {
        return;
    }
    let early = ADDRESS_SPACE_LEFT.load(Ordering::Relaxed);
    let measured = [physical_memory(), cgroup_memory(), (early != usize::MAX).then_some(early)];
    if let Some(bytes) = measured.into_iter().flatten().min().map(|b| b / 4 * 3) {
        LIMIT.store(bytes, Ordering::Relaxed);
        SOFT.store(soft_limit(bytes), Ordering::Relaxed);
    }
    DEFAULT_PENDING.store(false, Ordering::Relaxed);
}

/// The machine's physical memory (`/proc/meminfo`'s `MemTotal`).
fn physical_memory() -> Option<usize> {
    std::fs::read_to_string("/proc/meminfo").ok().and_then(|t| {
        let line = t.lines().find(|l| l.starts_with("MemTotal:"))?;
        line.split_whitespace().nth(1)?.parse::<usize>().ok().map(|kib| kib.saturating_mul(1024))
    })
}

/// The memory limit of this process's cgroup ([`cgroup_limit`] of `/proc/self/cgroup`).
fn cgroup_memory() -> Option<usize> {
    std::fs::read_to_string("/proc/self/cgroup")
        .ok()
        .and_then(|t| cgroup_limit(std::path::Path::new("/sys/fs/cgroup"), &t))
}

/// Address space that the process reserves without filling it, beyond what it holds at start: the
/// interpreter thread's 512 MiB stack, the runtime's thread stacks and the allocator's per-thread arenas.
pub const RESERVED_ADDRESS_SPACE: usize = 768 << 20;

/// Under `ulimit -v` (`RLIMIT_AS`): the limit less the address space mapped now (`VmSize`) and
/// [`RESERVED_ADDRESS_SPACE`]. `None` without a limit.
pub fn address_space_left() -> Option<usize> {
    let mut r = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut r) } != 0 || r.rlim_cur == libc::RLIM_INFINITY {
        return None;
    }
    let limit = usize::try_from(r.rlim_cur).unwrap_or(usize::MAX);
    let mapped = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|t| {
            let line = t.lines().find(|l| l.starts_with("VmSize:"))?;
            line.split_whitespace().nth(1)?.parse::<usize>().ok()
        })
        .map_or(0, |kib| kib.saturating_mul(1024));
    Some(limit.saturating_sub(mapped).saturating_sub(RESERVED_ADDRESS_SPACE))
}

/// The smallest memory limit of this process's cgroup and its ancestors, given the cgroup file system's
/// mount point `root` and the text of `/proc/self/cgroup`: cgroup v2 (`0::/path`, `memory.max`) and v1 (the
/// `memory` controller's line, `memory/…/memory.limit_in_bytes`). Inside a container the path named may be
/// the mount's own root, so the mount root's files count too. `None` when no limit is set.
pub fn cgroup_limit(root: &std::path::Path, proc_cgroup: &str) -> Option<usize> {
    let mut limits = Vec::new();
    let mut read = |dir: std::path::PathBuf, file: &str| {
        let text = std::fs::read_to_string(dir.join(file)).ok()?;
        // "max" (v2) or a huge page-rounded number (v1) means no limit; the `min` below ignores those.
        limits.extend(text.trim().parse::<u64>().ok().map(|b| usize::try_from(b).unwrap_or(usize::MAX)));
        Some(())
    };
    for line in proc_cgroup.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next()) else { continue };
        let (base, file) = if id == "0" && controllers.is_empty() {
            (root.to_path_buf(), "memory.max")
        } else if controllers.split(',').any(|c| c == "memory") {
            (root.join("memory"), "memory.limit_in_bytes")
        } else {
            continue;
        };
        let mut dir = base.join(path.trim_start_matches('/'));
        while dir.starts_with(&base) {
            let _ = read(dir.clone(), file);
            if !dir.pop() {
                break;
            }
        }
    }
    limits.into_iter().min()
}

/// Parses a size such as `4G`, `512M`, `2.5GiB`, `100000` (bytes).
pub fn parse_size(s: &str) -> Option<usize> {
    let t = s.trim();
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let x: f64 = num.parse().ok()?;
    let mult: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kb" | "kib" => 1024.0,
        "m" | "mb" | "mib" => 1024.0 * 1024.0,
        "g" | "gb" | "gib" => 1024.0 * 1024.0 * 1024.0,
        "t" | "tb" | "tib" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => return None,
    };
    let bytes = x * mult;
    (bytes.is_finite() && bytes >= 1.0 && bytes < usize::MAX as f64).then_some(bytes as usize)
}

/// The smallest budget accepted: below it the interpreter could not even load its standard library, so the
/// process would die on its first allocations instead of reporting an error.
pub const MIN_LIMIT: usize = 32 * 1024 * 1024;

/// A memory budget as the user writes it (`4G`, `512M`), at least [`MIN_LIMIT`]; the error says why not.
pub fn parse_budget(s: &str) -> Result<usize, String> {
    match parse_size(s) {
        None => Err(format!("`{s}` is not a size (examples: 4G, 512M, 100000)")),
        Some(b) if b < MIN_LIMIT => {
            Err(format!("a memory budget of `{s}` is too small: the smallest is {}", format_size(MIN_LIMIT)))
        }
        Some(b) => Ok(b),
    }
}

/// A size for messages: `812 MiB`, `3.1 GiB`.
pub fn format_size(bytes: usize) -> String {
    let b = bytes as f64;
    if b >= 1024.0 * 1024.0 * 1024.0 {
        format!("{:.1} GiB", b / (1024.0 * 1024.0 * 1024.0))
    } else if b >= 1024.0 * 1024.0 {
        format!("{:.0} MiB", b / (1024.0 * 1024.0))
    } else {
        format!("{:.0} KiB", b / 1024.0)
    }
}

/// The panic payload of an engine operation stopped because the budget was exceeded (like
/// [`Interrupted`]; the interpreter turns it into an error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// The panic payload of an engine walk stopped because the thread's stack is nearly used up (a game
/// nested a million levels deep); the interpreter turns it into the recursion-depth error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackExhausted;

thread_local! {
    /// The lowest stack address the engine's recursive walks may reach on this thread (0: unchecked).
    static STACK_FLOOR: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn stack_position() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// Lets the engine's recursive walks on this thread use `bytes` of stack below the current position;
/// called at the start of a thread whose stack size is known (the interpreter's big-stack thread).
pub fn set_stack_allowance(bytes: usize) {
    STACK_FLOOR.with(|f| f.set(stack_position().saturating_sub(bytes)));
}

/// Unwinds with [`StackExhausted`] when this thread's stack is below its floor. Recursive engine walks
/// (stops, thermographs, uptimal expansions, sumbers) call it once per level.
#[inline]
pub fn check_stack() {
    let floor = STACK_FLOOR.with(std::cell::Cell::get);
    let here = stack_position();
    note_stack(here);
    if floor != 0 && here < floor {
        std::panic::panic_any(StackExhausted);
    }
}

thread_local! {
    /// The stack address below which this thread's stack has grown enough (8 MiB since the last look) for
    /// the memory budget to look at the resident size again: touched stack pages stay resident.
    static STACK_MARK: std::cell::Cell<usize> = const { std::cell::Cell::new(usize::MAX) };
}

/// Notes that a recursive walk on this thread has reached stack address `here` (see [`check_stack`]; the
/// evaluator calls it with its own depth checks).
#[inline]
pub fn note_stack(here: usize) {
    STACK_MARK.with(|m| {
        if here < m.get() {
            m.set(here.saturating_sub(8 << 20));
            ALERT.store(true, Ordering::Relaxed);
        }
    });
}

/// The stack address below which [`note_stack`] next has something to note on this thread (it only moves
/// down): a caller may skip its calls above it.
#[inline]
pub fn stack_mark() -> usize {
    STACK_MARK.with(std::cell::Cell::get)
}

thread_local! {
    /// The Ctrl-C flag of the workspace running on this thread, for engine loops that have no arena to ask
    /// (take-and-break sequences, periodicity checks).
    static INTERRUPT: std::cell::RefCell<Option<std::sync::Arc<std::sync::atomic::AtomicBool>>> =
        const { std::cell::RefCell::new(None) };
}

/// Makes [`poll`] on this thread watch `flag` (the workspace's Ctrl-C flag).
pub fn set_interrupt_flag(flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
    INTERRUPT.with(|f| *f.borrow_mut() = flag);
}

/// The flag [`set_interrupt_flag`] installed on this thread, if any (for an arena created later).
pub fn interrupt_flag() -> Option<std::sync::Arc<std::sync::atomic::AtomicBool>> {
    INTERRUPT.with(|f| f.borrow().clone())
}

/// The panic payload of an interrupted engine operation (see `Games::set_interrupt` and [`poll`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

/// Unwinds with [`Interrupted`] after Ctrl-C, or with [`OutOfBudget`] over the
/// memory budget: long loops call it every so often.
pub fn poll() {
    let hit = INTERRUPT.with(|f| f.borrow().as_ref().is_some_and(|f| f.load(Ordering::Relaxed)));
    if hit {
        std::panic::panic_any(Interrupted);
    }
    if exceeded() {
        std::panic::panic_any(OutOfBudget);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_stack_unwinds_below_the_floor_only() {
        std::thread::spawn(|| {
            check_stack(); // no floor set on this thread: unchecked
            set_stack_allowance(64 << 10);
            fn deep(n: usize) -> usize {
                check_stack();
                let pad = std::hint::black_box([n as u8; 512]);
                if n == 0 {
                    0
                } else {
                    deep(n - 1) + usize::from(pad[0])
                }
            }
            assert_eq!(deep(10), 55);
            let r = std::panic::catch_unwind(|| deep(100_000));
            assert!(r.err().is_some_and(|p| p.is::<StackExhausted>()));
        })
        .join()
        .unwrap();
    }

    #[test]
    fn cgroup_limits_v2_v1_and_ancestors() {
        let root = std::env::temp_dir().join(format!("cgs-cgroup-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let write = |rel: &str, text: &str| {
            let p = root.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        // v2: the leaf says "max", its parent 3 GiB: the parent's limit holds.
        write("user.slice/memory.max", "3221225472\n");
        write("user.slice/session/memory.max", "max\n");
        assert_eq!(cgroup_limit(&root, "0::/user.slice/session\n"), Some(3 << 30));
        // v1, with the unlimited value at the root and 1 GiB on the process's group.
        write("memory/memory.limit_in_bytes", "9223372036854771712\n");
        write("memory/job/memory.limit_in_bytes", "1073741824\n");
        assert_eq!(cgroup_limit(&root, "4:memory:/job\n1:cpu:/\n"), Some(1 << 30));
        // The v1 group named does not exist under the mount (a container's namespace): the mount root's file.
        assert_eq!(cgroup_limit(&root, "4:memory:/elsewhere/x\n"), Some(9_223_372_036_854_771_712));
        // No cgroup file at all.
        assert_eq!(cgroup_limit(&root, "0::/nowhere\n"), None);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn sizes_parse_and_print() {
        assert_eq!(parse_size("4G"), Some(4 << 30));
        assert_eq!(parse_size("512M"), Some(512 << 20));
        assert_eq!(parse_size("2.5GiB"), Some(5 << 29));
        assert_eq!(parse_size("100000"), Some(100000));
        assert_eq!(parse_size("12X"), None);
        assert_eq!(parse_size("0"), None);
        assert_eq!(format_size(3 << 29), "1.5 GiB");
        assert_eq!(format_size(200 << 20), "200 MiB");
    }

    #[test]
    fn budgets_below_the_minimum_are_refused() {
        assert_eq!(parse_budget("1G"), Ok(1 << 30));
        assert_eq!(parse_budget("32M"), Ok(MIN_LIMIT));
        assert!(parse_budget("512").unwrap_err().contains("too small: the smallest is 32 MiB"));
        assert!(parse_budget("31M").is_err());
        assert!(parse_budget("lots").unwrap_err().contains("is not a size"));
    }
}
