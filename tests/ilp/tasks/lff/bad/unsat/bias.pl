head_pred(parent,2).
body_pred(mother,2).
body_pred(father,2).
%% every rule would need two body literals and at most one
:- clause(C), body_size(C,1).
:- clause(C), body_size(C,N), N > 1.
