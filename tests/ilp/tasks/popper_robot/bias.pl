%% Popper v3 bias: f(+pos, -pos) moves the robot down to the bottom row.
enable_recursion.
max_vars(3).
max_body(3).
max_clauses(2).

head_pred(f,2).
body_pred(at_bottom,1).
body_pred(move_down,2).
body_pred(move_up,2).
body_pred(move_left,2).
body_pred(move_right,2).

type(f,(pos,pos)).
type(at_bottom,(pos,)).
type(move_down,(pos,pos)).
type(move_up,(pos,pos)).
type(move_left,(pos,pos)).
type(move_right,(pos,pos)).

direction(f,(in,out)).
direction(at_bottom,(in,)).
direction(move_down,(in,out)).
direction(move_up,(in,out)).
direction(move_left,(in,out)).
direction(move_right,(in,out)).
