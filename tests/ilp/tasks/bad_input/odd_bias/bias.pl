head_pred(ancestor,2).
body_pred(parent,2).
fancy_setting(3).
