//! Fairness and quality reports (see its issue).
