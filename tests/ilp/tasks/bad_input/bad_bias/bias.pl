head_pred(ancestor,2).
body_pred(parent,2).
type(parent,(person,person).
