% negation, findall and length/2 inside the logic part
:- use_module(library(lists)).
weight(a, 3). weight(b, 7). weight(c, 12).
class(X, light) :- weight(X, W), W < 5.
class(X, medium) :- weight(X, W), W >= 5, W < 10.
class(X, heavy) :- weight(X, W), \+ W < 10.
n_items(N) :- findall(X, weight(X, _), L), length(L, N).
0.2::broken(X) :- class(X, heavy).
0.1::broken(X) :- class(X, medium).
0.05::broken(X) :- class(X, light).
any_broken :- broken(_).
none_broken :- \+any_broken.
big_shop :- n_items(N), N > 2, none_broken.
query(broken(_)). query(any_broken). query(big_shop).
