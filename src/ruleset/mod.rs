//! Rulesets written in cgs: positions, memo tables, search, and their members.

pub mod dispatch;
pub mod gridvalue;
pub mod key;
pub mod memo;
pub mod position;
pub mod script;
pub mod search;
pub mod shortcut;
