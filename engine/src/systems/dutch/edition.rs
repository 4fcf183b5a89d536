//! One edition of the FIDE (Dutch) System behind the trait every system implements: the
//! editions share the machinery of this folder and differ by their rules (`Rules`: criteria
//! names, readings, round-pairing outlook) and by what they declare (`Info`). Each edition's
//! module defines its value (`edition_2017::DUTCH_2017`, `edition_2026::DUTCH_2026`).

use super::{RoundCtx, Rules};
#[cfg(feature = "oracle")]
use crate::history::Edition;
use crate::model::Tournament;
#[cfg(feature = "oracle")]
use crate::pairing::LiteralOracle;
use crate::pairing::{Diagnosed, Info, Pairing, PairingError, PairingSystem, Request};

/// One edition of the FIDE (Dutch) System.
pub(crate) struct Dutch {
    /// The edition's rules inside the shared machinery.
    pub rules: &'static Rules,
    /// Its names, codes and absolute rules.
    pub info: Info,
}

impl PairingSystem for Dutch {
    type Round = RoundCtx;

    fn info(&self) -> Info {
        self.info
    }

    fn prepare(&self, t: &Tournament, req: &Request) -> Result<RoundCtx, PairingError> {
        super::prepare_round(self.rules, t, req)
    }

    fn pair(
        &self,
        t: &Tournament,
        req: &Request,
        ctx: &RoundCtx,
    ) -> Result<Diagnosed, PairingError> {
        super::pair_prepared(ctx, t, req, &super::bracket::solve).map(Into::into)
    }

    /// Per bracket, its players (MDPs and residents), the pairs with colours, the criteria of
    /// the edition a pair does not fully meet, the downfloaters.
    fn explain(&self, t: &Tournament, req: &Request, pairing: &Pairing) -> String {
        super::explain_with(self.rules, t, req, pairing)
    }

    /// The first criterion of the edition, by article, on which the pairings differ, or that
    /// they tie and differ by the generation order (2017 D, 2026 Art. 4).
    fn first_difference(
        &self,
        t: &Tournament,
        req: &Request,
        file: &Pairing,
        ours: &Pairing,
    ) -> Option<String> {
        Some(super::first_difference_with(self.rules, t, req, file, ours))
    }

    /// The literal B/D candidate sequence is that of the 2017 text.
    #[cfg(feature = "oracle")]
    fn literal_oracle(&self) -> Option<LiteralOracle> {
        (self.rules.edition == Edition::Y2017)
            .then_some(super::edition_2017::pair_with_literal_oracle as LiteralOracle)
    }
}
