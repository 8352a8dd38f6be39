head_pred(p,1).
body_pred(q,1).
