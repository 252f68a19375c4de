//! Static evaluation of Cash in Hand positions (stub: material only).

use super::search::WIN;
use crate::position::Position;
use crate::variant::Rules;

pub(crate) fn evaluate(pos: &Position, rules: &Rules) -> i32 {
    let me = pos.side_to_move;
    if pos.stones_of(me) == 0 {
        return -WIN;
    }
    if rules.quiet_ply_limit > 0 && pos.quiet >= rules.quiet_ply_limit {
        return 0;
    }
    (pos.stones_of(me) as i32 - pos.stones_of(me.opponent()) as i32) * 100
}
