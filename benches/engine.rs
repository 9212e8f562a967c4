//! Benchmarks of the game engine (issue 3): sums, temperature and comparison, each on a fresh arena so that
//! no cache carries over between iterations.
//!
//! Run: `cargo bench --bench engine`.

use cgs::game::{GameId, Games};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

/// `<n | -n>`.
fn switch(games: &mut Games, n: i64) -> GameId {
    let l = games.integer(n);
    let r = games.integer(-n);
    games.new_game(&[l], &[r])
}

/// `<1|-1> + <2|-2> + … + <n|-n>`.
fn switch_sum(games: &mut Games, n: i64) -> GameId {
    let mut sum = games.zero();
    for k in 1..=n {
        let s = switch(games, k);
        sum = games.add(sum, s);
    }
    sum
}

/// A deterministic pseudo-random game of the given depth (xorshift), with up to 3 options a side.
fn random_game(games: &mut Games, state: &mut u64, depth: u32) -> GameId {
    let mut next = || {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    };
    if depth == 0 {
        let n = (next() % 5) as i64 - 2;
        return games.integer(n);
    }
    let nl = next() % 4;
    let nr = next() % 4;
    let mut left = Vec::new();
    let mut right = Vec::new();
    for _ in 0..nl {
        left.push(random_game(games, state, depth - 1));
    }
    for _ in 0..nr {
        right.push(random_game(games, state, depth - 1));
    }
    games.new_game(&left, &right)
}

/// A sum of six random games of depth 4: a canonical form with hundreds of followers.
fn random_sum(games: &mut Games, state: &mut u64) -> GameId {
    let mut sum = games.zero();
    for _ in 0..6 {
        let g = random_game(games, state, 4);
        sum = games.add(sum, g);
    }
    sum
}

fn benches(c: &mut Criterion) {
    c.bench_function("64 copies of <2|<1|0>> added one at a time", |b| {
        b.iter_batched(
            Games::new,
            |mut games| {
                let one = games.integer(1);
                let zero = games.zero();
                let two = games.integer(2);
                let inner = games.new_game(&[one], &[zero]);
                let g = games.new_game(&[two], &[inner]);
                let mut sum = games.zero();
                for _ in 0..64 {
                    sum = games.add(sum, g);
                }
                sum
            },
            BatchSize::LargeInput,
        )
    });
    c.bench_function("<1|-1> + <2|-2> + ... + <16|-16>", |b| {
        b.iter_batched(Games::new, |mut games| switch_sum(&mut games, 16), BatchSize::LargeInput)
    });
    c.bench_function("temperature of <1|-1> + ... + <16|-16>", |b| {
        b.iter_batched(
            || {
                let mut games = Games::new();
                let g = switch_sum(&mut games, 16);
                (games, g)
            },
            |(mut games, g)| games.temperature(g),
            BatchSize::LargeInput,
        )
    });
    c.bench_function("comparison of two large random games", |b| {
        b.iter_batched(
            || {
                let mut games = Games::new();
                let mut state = 0x9E37_79B9_7F4A_7C15;
                let g = random_sum(&mut games, &mut state);
                let h = random_sum(&mut games, &mut state);
                (games, g, h)
            },
            |(mut games, g, h)| (games.leq(g, h), games.leq(h, g)),
            BatchSize::LargeInput,
        )
    });
}

criterion_group! {
    name = engine;
    config = Criterion::default().sample_size(20);
    targets = benches
}
criterion_main!(engine);
