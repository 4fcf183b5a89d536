use swisslab_engine::{checker, trf, System};
fn main() {
    let mut t_total = 0;
    let mut r_total = 0;
    let mut d_total = 0;
    let verbose = std::env::var("V").is_ok();
    // SYSTEM=dutch-2017 (default: the edition in force).
    let system = match std::env::var("SYSTEM") {
        Ok(name) => match name.parse::<System>() {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        },
        Err(_) => System::DEFAULT,
    };
    for path in std::env::args().skip(1) {
        let t = match trf::read_file(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{e}");
                continue;
            }
        };
        let rep = checker::check(&t, system);
        t_total += 1;
        r_total += rep.rounds;
        d_total += rep.discrepancies.len();
        for d in &rep.discrepancies {
            if verbose {
                println!("{path}: {d}");
            } else {
                println!("{path}: round {}", d.round);
            }
        }
    }
    println!("tournaments: {t_total}, rounds: {r_total}, discrepancies: {d_total}");
}
