//! Walking a list its one owner gives up ([`Drain`]).

use crate::interp::value::Value;
use imbl::Vector;

/// The elements of a list its one owner gives up, from the first: each is taken out as the loop comes to it
/// (none copied, and no listing of them made first); elements a `break` left are dropped with the walk.
pub struct Drain {
    list: Vector<Value>,
}

impl Drain {
    /// Walks `list`.
    pub fn new(list: Vector<Value>) -> Drain {
        Drain { list }
    }
}

impl Iterator for Drain {
    type Item = Value;

    #[inline]
    fn next(&mut self) -> Option<Value> {
        // The last element from the back: an inline array shifts what follows an element taken from its front.
        if self.list.len() == 1 {
            self.list.pop_back()
        } else {
            self.list.pop_front()
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.list.len(), Some(self.list.len()))
    }
}

impl ExactSizeIterator for Drain {}

/// The elements a loop walks: a drained list's ([`Drain`]) or a listing of any other collection.
pub enum Items {
    /// A list given up by its one owner.
    Drained(Drain),
    /// The elements, listed.
    Listed(std::vec::IntoIter<Value>),
}

impl Iterator for Items {
    type Item = Value;

    #[inline]
    fn next(&mut self) -> Option<Value> {
        match self {
            Items::Drained(d) => d.next(),
            Items::Listed(v) => v.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Items::Drained(d) => d.size_hint(),
            Items::Listed(v) => v.size_hint(),
        }
    }
}

#[cfg(test)]
#[path = "lists_tests.rs"]
mod tests;
