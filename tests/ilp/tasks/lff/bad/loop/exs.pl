pos(p(a)).
neg(p(b)).
