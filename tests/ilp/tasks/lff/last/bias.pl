%% The last element of a list: a base case and a recursive case.
enable_recursion.
head_pred(last,2).
body_pred(head,2).
body_pred(tail,2).
body_pred(empty,1).
type(last,(list,element)).
type(head,(list,element)).
type(tail,(list,list)).
type(empty,(list,)).
direction(last,(in,out)).
direction(head,(in,out)).
direction(tail,(in,out)).
direction(empty,(in,)).
