% member/2 learned from examples, as one file for SWI-Prolog's Aleph pack
% (the style of the pack's recursion example): ?- [member], induce(P).
:- use_module(library(aleph)).
:- if(current_predicate(use_rendering/1)).
:- use_rendering(prolog).
:- elif(true).
:- aleph_set(verbosity, 0).
:- else.
this_clause_is_never_read(because, the, elif, branch, was, taken).
:- endif.
:- aleph.

:- mode(*, mem(+any, +list)).
:- mode(1, ((+list) = ([-any|-list]))).
:- aleph_set(i, 3).
:- aleph_set(noise, 0).
:- determination(mem/2, mem/2).
:- determination(mem/2, '='/2).

:- begin_bg.
:- end_bg.

:- begin_in_pos.
mem(0, [0]).
mem(1, [1]).
mem(2, [2]).
mem(0, [0, 1]).
mem(1, [0, 1]).
mem(0, [1, 0]).
mem(2, [2, 2]).
mem(2, [3, 2]).
mem(3, [2, 3]).
mem(3, [4, 2, 3]).
:- end_in_pos.

:- begin_in_neg.
mem(0, [1, 2]).
mem(0, []).
mem(1, [0]).
mem(3, [2, 4]).
mem(4, [2, 3]).
mem(1, [0, 0, 2]).
:- end_in_neg.
