head_pred(last,2).
body_pred(head,2).
body_pred(tail,2).
type(last,(list,item)).
type(head,(list,element)).
type(tail,(list,list)).
