//! Closed forms from queueing theory. The tests hold the simulator to them,
//! and the playground draws them over the simulated curves.

/// Erlang C: probability that an arrival waits in an M/M/c queue with arrival
/// rate `lambda`, mean service `mean_s` and `c` servers. Needs ρ < 1.
pub fn erlang_c_wait_probability(lambda: f64, mean_s: f64, c: u32) -> f64 {
    let a = lambda * mean_s; // offered load in Erlangs
    let rho = a / c as f64;
    if rho >= 1.0 {
        return 1.0;
    }
    // Sum a^k/k! for k < c with a running term, stable for large c.
    let (mut term, mut sum) = (1.0f64, 0.0f64);
    for k in 0..c {
        if k > 0 {
            term *= a / k as f64;
        }
        sum += term;
    }
    let last = term * a / c as f64 / (1.0 - rho); // a^c / c! / (1 − ρ)
    last / (sum + last)
}

/// Erlang C: mean time in the queue (before service), s.
pub fn erlang_c_mean_wait(lambda: f64, mean_s: f64, c: u32) -> f64 {
    let a = lambda * mean_s;
    if a >= c as f64 {
        return f64::INFINITY;
    }
    erlang_c_wait_probability(lambda, mean_s, c) * mean_s / (c as f64 - a)
}

/// Erlang C: mean response time (wait + service), s.
pub fn erlang_c_mean_response(lambda: f64, mean_s: f64, c: u32) -> f64 {
    erlang_c_mean_wait(lambda, mean_s, c) + mean_s
}

/// Erlang C: the share of responses (wait + exponential service) slower
/// than `t_s`: with C the chance to wait and θ = cμ − λ, the wait is 0 or
/// exponential at θ, and P(T > t) = (1 − C)·e^(−μt) + C·(θe^(−μt) − μe^(−θt)) ÷ (θ − μ).
pub fn erlang_c_response_tail(lambda: f64, mean_s: f64, c: u32, t_s: f64) -> f64 {
    let mu = 1.0 / mean_s;
    let theta = c as f64 * mu - lambda;
    if theta <= 0.0 {
        return 1.0;
    }
    let wait = erlang_c_wait_probability(lambda, mean_s, c);
    let service = (-mu * t_s).exp();
    // θ = μ: the sum of two exponentials of one rate is Erlang-2.
    let waited = if (theta - mu).abs() < 1e-12 * mu {
        (1.0 + mu * t_s) * service
    } else {
        (theta * service - mu * (-theta * t_s).exp()) / (theta - mu)
    };
    ((1.0 - wait) * service + wait * waited).clamp(0.0, 1.0)
}

/// Erlang C: the response time (wait + exponential service) that a share
/// `q` (0–1) of responses are within, s; infinite when ρ ≥ 1.
pub fn erlang_c_response_quantile(lambda: f64, mean_s: f64, c: u32, q: f64) -> f64 {
    if lambda * mean_s >= c as f64 {
        return f64::INFINITY;
    }
    let tail = 1.0 - q;
    let (mut lo, mut hi) = (0.0f64, mean_s);
    while erlang_c_response_tail(lambda, mean_s, c, hi) > tail {
        hi *= 2.0;
    }
    // The tail falls as t grows: bisect to a relative 1e-12.
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if erlang_c_response_tail(lambda, mean_s, c, mid) > tail {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= 1e-12 * hi {
            break;
        }
    }
    hi
}

/// A closed loop of `clients` with think time `think_s` on `threads` servers
/// of service `service_s` (deterministic): throughput X = min(C/(S+Z), T/S)
/// and response time R = C/X − Z. Returns (X per s, R in s).
pub fn closed_loop(clients: u32, threads: u32, service_s: f64, think_s: f64) -> (f64, f64) {
    let c = clients as f64;
    let x = (c / (service_s + think_s)).min(threads as f64 / service_s);
    (x, c / x - think_s)
}

/// Little's law: mean number in the system N = X · R.
pub fn little_n(throughput: f64, response_s: f64) -> f64 {
    throughput * response_s
}

/// Little's law solved for the response time: R = N / X.
pub fn little_r(in_flight: f64, throughput: f64) -> f64 {
    if throughput > 0.0 {
        in_flight / throughput
    } else {
        f64::INFINITY
    }
}

/// The most a pool of `n` holders can serve when each holds for `hold_s`:
/// threads ÷ time per request, cores ÷ CPU per request, connections ÷ hold time.
pub fn ceiling(n: f64, hold_s: f64) -> f64 {
    if hold_s > 0.0 {
        n / hold_s
    } else {
        f64::INFINITY
    }
}

/// M/M/c/K: the share of Poisson arrivals (rate `lambda`) that find all
/// `k` places taken (`c` servers of exponential service with mean `mean_s`,
/// `k − c` places to wait) and are turned away. From the birth–death
/// chain's stationary distribution: p_n ∝ aⁿ/n! up to c, then
/// a^c/c! · ρ^(n−c), with a = λ·mean and ρ = a/c; the terms are built one
/// from the last so that no factorial overflows.
pub fn mmck_blocking_probability(lambda: f64, mean_s: f64, c: u32, k: u32) -> f64 {
    let a = lambda * mean_s;
    let rho = a / c as f64;
    let mut term = 1.0; // p_0's weight
    let mut total = 1.0;
    for n in 1..=k {
        term *= if n <= c { a / n as f64 } else { rho };
        total += term;
    }
    term / total
}

/// M/M/c+D: `c` servers of exponential service (mean `mean_s`), Poisson
/// arrivals (rate `lambda`) served in order, each waiting at most
/// `patience_s` (a bulkhead's `maxWaitDuration`). Returns the share of
/// arrivals that wait in vain, and the mean wait of those served, s.
///
/// The wait an arrival would have (its "offered" wait V) is 0 while fewer
/// than `c` are in service; then, since one who will give up never takes a
/// server, V grows by an exponential (rate c·μ) at each arrival that finds
/// V < patience and falls at rate 1. Level crossing gives V's density:
/// λ·p_(c−1)·e^(−(cμ−λ)v) below the patience and that value at the
/// patience times e^(−cμ(v−τ)) above; below `c` the states are the
/// birth–death chain's, p_j ∝ a^j/j!. An arrival waits in vain when it
/// finds V ≥ τ (Poisson arrivals see time averages). Holds in overload
/// too (λ > cμ): the patience keeps the queue finite.
pub fn mmc_patience(lambda: f64, mean_s: f64, c: u32, patience_s: f64) -> (f64, f64) {
    let (mu, a) = (1.0 / mean_s, lambda * mean_s);
    // p_j's weights for j < c (p_0 = 1), and p_(c−1)'s.
    let (mut term, mut below) = (1.0f64, 0.0f64);
    for j in 0..c {
        if j > 0 {
            term *= a / j as f64;
        }
        below += term;
    }
    let start = lambda * term; // V's density just above 0
    let beta = c as f64 * mu - lambda;
    let decay = (-beta * patience_s).exp();
    // ∫ density and ∫ v · density over (0, τ).
    let (mass, moment) = if beta.abs() < 1e-12 {
        (start * patience_s, start * patience_s * patience_s / 2.0)
    } else {
        (
            start * (1.0 - decay) / beta,
            start * (1.0 - decay * (1.0 + beta * patience_s)) / (beta * beta),
        )
    };
    let beyond = start * decay / (c as f64 * mu);
    let total = below + mass + beyond;
    (beyond / total, moment / (below + mass))
}

/// Tries a call makes on average when each try fails independently with
/// probability `p` and a retry allows `k` tries in all: 1 + p + … +
/// p^(k−1) = (1 − p^k) ÷ (1 − p) (k when every try fails).
pub fn retry_tries(p: f64, k: u32) -> f64 {
    if p >= 1.0 {
        return k as f64;
    }
    (1.0 - p.powi(k as i32)) / (1.0 - p)
}

/// The share of calls that fail for good under the same: p^k.
pub fn retry_failed(p: f64, k: u32) -> f64 {
    p.powi(k as i32)
}
