%% The length of a list: the recursive call's output feeds succ/2.
enable_recursion.
head_pred(len,2).
body_pred(tail,2).
body_pred(empty,1).
body_pred(zero,1).
body_pred(succ,2).
type(len,(list,int)).
type(tail,(list,list)).
type(empty,(list,)).
type(zero,(int,)).
type(succ,(int,int)).
direction(len,(in,out)).
direction(tail,(in,out)).
direction(empty,(in,)).
direction(zero,(out,)).
direction(succ,(in,out)).
