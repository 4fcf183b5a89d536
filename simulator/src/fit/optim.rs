//! The small numerical tools of the fit: Newton's method for a logistic regression (a handful
//! of coefficients, with the covariance from the inverse of its information), Nelder-Mead for
//! the results model's prequential likelihood, and the curvature of a function at its maximum
//! (Wald intervals). Each problem has at most ten parameters, so dense Gauss-Jordan inverses
//! serve.

/// The inverse of a symmetric positive definite matrix (Gauss-Jordan with pivoting); `None`
/// when it is singular.
pub fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = row.clone();
            r.extend((0..n).map(|j| f64::from(u8::from(i == j))));
            r
        })
        .collect();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| m[x][c].abs().total_cmp(&m[y][c].abs()))?;
        if m[p][c].abs() < 1e-12 {
            return None;
        }
        m.swap(c, p);
        let d = m[c][c];
        for v in &mut m[c] {
            *v /= d;
        }
        for r in 0..n {
            if r != c {
                let k = m[r][c];
                if k != 0.0 {
                    let pivot = m[c].clone();
                    for (v, p) in m[r].iter_mut().zip(&pivot) {
                        *v -= k * p;
                    }
                }
            }
        }
    }
    Some(m.into_iter().map(|r| r[n..].to_vec()).collect())
}

/// A logistic regression fitted by Newton's method: the coefficients and their standard
/// errors (from the inverse information). `rows` are (features, outcome, weight); a small
/// ridge (`ridge` on every coefficient but the first) keeps separated data finite.
pub fn logistic(rows: &[(Vec<f64>, bool)], k: usize, ridge: f64) -> (Vec<f64>, Vec<f64>) {
    let mut beta = vec![0.0; k];
    let base = rows.iter().filter(|r| r.1).count() as f64 / rows.len().max(1) as f64;
    beta[0] = (base.clamp(1e-4, 1.0 - 1e-4) / (1.0 - base.clamp(1e-4, 1.0 - 1e-4))).ln();
    let mut info = vec![vec![0.0; k]; k];
    for _ in 0..50 {
        let mut grad = vec![0.0; k];
        info = vec![vec![0.0; k]; k];
        for (x, y) in rows {
            let eta: f64 = x.iter().zip(&beta).map(|(a, b)| a * b).sum();
            let p = crate::profile::logistic(eta);
            let r = f64::from(u8::from(*y)) - p;
            let w = p * (1.0 - p);
            for a in 0..k {
                grad[a] += r * x[a];
                for b in 0..k {
                    info[a][b] += w * x[a] * x[b];
                }
            }
        }
        for a in 1..k {
            grad[a] -= ridge * beta[a];
            info[a][a] += ridge;
        }
        info[0][0] += 1e-9;
        let Some(inv) = invert(&info) else { break };
        let step: Vec<f64> = (0..k)
            .map(|a| (0..k).map(|b| inv[a][b] * grad[b]).sum())
            .collect();
        let size: f64 = step.iter().map(|s| s.abs()).fold(0.0, f64::max);
        for (b, s) in beta.iter_mut().zip(&step) {
            *b += s.clamp(-5.0, 5.0);
        }
        if size < 1e-9 {
            break;
        }
    }
    let se = invert(&info)
        .map(|inv| (0..k).map(|a| inv[a][a].max(0.0).sqrt()).collect())
        .unwrap_or_else(|| vec![f64::NAN; k]);
    (beta, se)
}

/// Maximises `f` from `start` by Nelder-Mead (initial steps `step`), at most `evals`
/// evaluations.
pub fn nelder_mead(f: &dyn Fn(&[f64]) -> f64, start: &[f64], step: f64, evals: usize) -> Vec<f64> {
    let n = start.len();
    let neg = |x: &[f64]| {
        let v = f(x);
        if v.is_finite() {
            -v
        } else {
            f64::INFINITY
        }
    };
    let mut simplex: Vec<(Vec<f64>, f64)> = (0..=n)
        .map(|i| {
            let mut x = start.to_vec();
            if i > 0 {
                x[i - 1] += step;
            }
            let v = neg(&x);
            (x, v)
        })
        .collect();
    let mut used = n + 1;
    while used < evals {
        simplex.sort_by(|a, b| a.1.total_cmp(&b.1));
        if (simplex[n].1 - simplex[0].1).abs() < 1e-7 {
            break;
        }
        let centroid: Vec<f64> = (0..n)
            .map(|j| simplex[..n].iter().map(|p| p.0[j]).sum::<f64>() / n as f64)
            .collect();
        let towards = |t: f64| -> Vec<f64> {
            (0..n)
                .map(|j| centroid[j] + t * (simplex[n].0[j] - centroid[j]))
                .collect()
        };
        let xr = towards(-1.0);
        let vr = neg(&xr);
        used += 1;
        if vr < simplex[0].1 {
            let xe = towards(-2.0);
            let ve = neg(&xe);
            used += 1;
            simplex[n] = if ve < vr { (xe, ve) } else { (xr, vr) };
        } else if vr < simplex[n - 1].1 {
            simplex[n] = (xr, vr);
        } else {
            let xc = towards(0.5);
            let vc = neg(&xc);
            used += 1;
            if vc < simplex[n].1 {
                simplex[n] = (xc, vc);
            } else {
                let best = simplex[0].0.clone();
                for p in simplex.iter_mut().skip(1) {
                    p.0 =
                        p.0.iter()
                            .zip(&best)
                            .map(|(a, b)| b + 0.5 * (a - b))
                            .collect();
                    p.1 = neg(&p.0);
                    used += 1;
                }
            }
        }
    }
    simplex.sort_by(|a, b| a.1.total_cmp(&b.1));
    simplex.swap_remove(0).0
}

/// Standard errors from the curvature of `f` at its maximum `x` (central differences of
/// step `h`): the square roots of the diagonal of the inverse of minus the Hessian; NaN
/// where the curvature is not that of a maximum.
pub fn curvature_errors(f: &dyn Fn(&[f64]) -> f64, x: &[f64], h: f64) -> Vec<f64> {
    let n = x.len();
    let at = |d: &[(usize, f64)]| {
        let mut y = x.to_vec();
        for &(i, v) in d {
            y[i] += v;
        }
        f(&y)
    };
    let f0 = f(x);
    let second = |i: usize, j: usize| {
        if i == j {
            -(at(&[(i, h)]) - 2.0 * f0 + at(&[(i, -h)])) / (h * h)
        } else {
            -(at(&[(i, h), (j, h)]) - at(&[(i, h), (j, -h)]) - at(&[(i, -h), (j, h)])
                + at(&[(i, -h), (j, -h)]))
                / (4.0 * h * h)
        }
    };
    let lower: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..=i).map(|j| second(i, j)).collect())
        .collect();
    let hess: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| if j <= i { lower[i][j] } else { lower[j][i] })
                .collect()
        })
        .collect();
    match invert(&hess) {
        Some(inv) => (0..n)
            .map(|i| {
                if inv[i][i] > 0.0 {
                    inv[i][i].sqrt()
                } else {
                    f64::NAN
                }
            })
            .collect(),
        None => vec![f64::NAN; n],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logistic_recovers_its_coefficients() {
        // y = 1 when u < logistic(-1 + 2x), on a grid of x and u.
        let mut rows = Vec::new();
        for i in 0..200 {
            let x = i as f64 / 200.0;
            for k in 0..50 {
                let u = (k as f64 + 0.5) / 50.0;
                rows.push((vec![1.0, x], u < crate::profile::logistic(-1.0 + 2.0 * x)));
            }
        }
        let (b, se) = logistic(&rows, 2, 0.0);
        assert!(
            (b[0] + 1.0).abs() < 0.1 && (b[1] - 2.0).abs() < 0.15,
            "{b:?}"
        );
        assert!(se[0] > 0.0 && se[1] > 0.0);
    }

    #[test]
    fn nelder_mead_finds_a_maximum_and_its_curvature() {
        let f = |x: &[f64]| -(x[0] - 1.0).powi(2) - 2.0 * (x[1] + 0.5).powi(2);
        let x = nelder_mead(&f, &[0.0, 0.0], 0.5, 2000);
        assert!(
            (x[0] - 1.0).abs() < 1e-3 && (x[1] + 0.5).abs() < 1e-3,
            "{x:?}"
        );
        let se = curvature_errors(&f, &x, 1e-3);
        // -f'' = 2 and 4: variances 1/2 and 1/4.
        assert!(
            (se[0] - 0.5f64.sqrt()).abs() < 1e-3 && (se[1] - 0.5).abs() < 1e-3,
            "{se:?}"
        );
    }
}
