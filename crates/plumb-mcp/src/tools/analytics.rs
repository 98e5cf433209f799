//! The analytics tools' items as the response budget sees them: a
//! process and a change report are trees the budget may cut inside (a
//! process's last steps; a report's dependents first, then its tests,
//! changed symbols and hunks); the others are one unit each.

use plumb_query::analytics::answers::{
    ChangeReport, CoChange, Community, EntryPoint, Process, SqlRow,
};

use crate::output::Item;

impl Item for Community {}
impl Item for EntryPoint {}
impl Item for CoChange {}
impl Item for SqlRow {}

impl Item for Process {
    fn units(&self) -> usize {
        1 + self.steps.len()
    }

    fn shrink(&mut self, units: usize) {
        self.steps.truncate(units.saturating_sub(1));
        self.cut = true;
    }
}

impl Item for ChangeReport {
    fn units(&self) -> usize {
        1 + self.hunks.len() + self.changed.len() + self.impacted.len() + self.tests.len()
    }

    fn shrink(&mut self, units: usize) {
        let mut excess = self.units().saturating_sub(units.max(1));
        for list in [
            &mut self.impacted as &mut dyn Truncate,
            &mut self.tests,
            &mut self.changed,
            &mut self.hunks,
        ] {
            let cut = excess.min(list.length());
            list.keep(list.length() - cut);
            excess -= cut;
        }
    }
}

/// A list the report's shrink cuts from its end.
trait Truncate {
    fn length(&self) -> usize;
    fn keep(&mut self, n: usize);
}

impl<T> Truncate for Vec<T> {
    fn length(&self) -> usize {
        self.len()
    }

    fn keep(&mut self, n: usize) {
        self.truncate(n);
    }
}
