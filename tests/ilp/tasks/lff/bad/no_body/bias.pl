head_pred(last,2).
