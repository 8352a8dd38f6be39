%% Two clauses that neither learns alone: the combine step joins them.
head_pred(parent,2).
body_pred(mother,2).
body_pred(father,2).
body_pred(male,1).
body_pred(female,1).
