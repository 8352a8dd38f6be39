% three and four generations, mothers and fathers on every path
father(adam, beth).
mother(ada, beth).
father(adam, carl).
mother(beth, dora).
father(carl, emil).
mother(cleo, emil).
father(dan, fay).
mother(dora, fay).
father(emil, gus).
mother(fay, hana).
father(emil, ivo).
mother(gina, ivo).
father(gus, jan).
