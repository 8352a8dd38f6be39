% Web pages: is a page a course's home page?  Blum and Mitchell's (1998) two
% views of a page: the words on the page itself and the words in the links
% that point to it (each word present: yes/no).  The data are drawn from a
% naive Bayes model (seed 1998; the class first, each word independently
% given the class), so the assumption EM and co-training rely on holds:
% 40 labelled pages (label/2) and 260 unlabelled ones (unlabelled/1).
%
% Hold out 30 of the 40 labelled pages to measure; naive Bayes learns from the
% other 10, EM and co-training from those and the 260 unlabelled pages too:
%
%   symlearn learn naive-bayes kb/unlabelled/web_pages.pl --laplace
%   symlearn learn semi-supervised-em kb/unlabelled/web_pages.pl --test-fraction 0.75
%   symlearn learn co-training kb/unlabelled/web_pages.pl --test-fraction 0.75 \
%       --view page_lecture,page_homework,page_exam,page_office_hours \
%       --view link_course,link_syllabus,link_my,link_home
%   symlearn learn co-em kb/unlabelled/web_pages.pl --test-fraction 0.75 \
%       --view page_lecture,page_homework,page_exam,page_office_hours \
%       --view link_course,link_syllabus,link_my,link_home

:- attributes(page, [page_lecture, page_homework, page_exam, page_office_hours, link_course, link_syllabus, link_my, link_home]).

label(page(no, no, yes, no, no, no, yes, no), other).
label(page(yes, yes, yes, no, yes, yes, no, no), course).
label(page(no, no, no, no, no, no, yes, yes), other).
label(page(no, no, no, no, no, no, yes, no), other).
label(page(no, yes, yes, yes, yes, no, yes, no), course).
label(page(no, no, no, yes, no, no, no, no), other).
label(page(yes, no, no, no, no, no, yes, no), other).
label(page(yes, yes, no, yes, no, yes, no, no), course).
label(page(no, no, no, no, no, no, yes, no), other).
label(page(no, no, yes, no, yes, no, yes, yes), other).
label(page(no, yes, no, no, yes, yes, no, no), course).
label(page(no, no, no, no, yes, no, no, yes), other).
label(page(no, yes, no, no, yes, yes, no, no), course).
label(page(yes, yes, no, no, yes, no, no, yes), course).
label(page(no, no, no, no, no, no, yes, yes), other).
label(page(no, yes, no, yes, yes, yes, no, no), course).
label(page(yes, no, no, no, no, no, no, yes), other).
label(page(no, no, no, no, yes, no, no, no), other).
label(page(no, yes, yes, yes, yes, yes, no, no), course).
label(page(no, no, no, no, no, no, yes, yes), other).
label(page(no, no, no, no, no, no, no, yes), other).
label(page(no, no, yes, no, yes, yes, no, yes), course).
label(page(no, no, no, no, no, no, yes, no), other).
label(page(no, no, no, no, yes, no, yes, no), other).
label(page(no, yes, no, no, yes, no, no, yes), other).
label(page(no, no, no, no, no, no, yes, no), other).
label(page(no, no, no, yes, no, no, no, no), other).
label(page(no, no, yes, no, no, no, yes, no), other).
label(page(yes, no, yes, no, no, no, no, yes), other).
label(page(no, no, no, yes, no, no, yes, no), other).
label(page(no, no, no, no, no, no, no, yes), other).
label(page(yes, no, yes, no, yes, yes, no, no), course).
label(page(no, no, no, no, no, no, no, no), other).
label(page(yes, yes, no, no, yes, no, no, no), course).
label(page(no, no, no, no, no, no, no, yes), other).
label(page(no, no, yes, no, yes, no, no, no), course).
label(page(yes, no, yes, no, no, yes, no, no), course).
label(page(no, yes, yes, no, no, no, no, no), course).
label(page(yes, no, no, no, no, no, no, yes), other).
label(page(no, no, no, no, no, no, no, no), other).
unlabelled(page(no, no, no, yes, yes, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(yes, no, yes, yes, yes, no, no, no)).
unlabelled(page(yes, yes, yes, no, no, no, no, no)).
unlabelled(page(no, no, no, yes, no, no, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, yes, yes, no, yes, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, no, yes)).
unlabelled(page(no, no, yes, no, no, no, no, no)).
unlabelled(page(yes, no, yes, no, yes, yes, no, no)).
unlabelled(page(yes, yes, no, no, yes, no, no, no)).
unlabelled(page(no, no, no, yes, no, yes, no, no)).
unlabelled(page(yes, no, yes, yes, yes, yes, no, yes)).
unlabelled(page(no, no, no, yes, no, no, no, no)).
unlabelled(page(yes, yes, no, no, no, no, yes, yes)).
unlabelled(page(no, no, yes, no, no, no, yes, no)).
unlabelled(page(yes, no, no, yes, no, no, yes, no)).
unlabelled(page(no, yes, no, no, yes, no, no, yes)).
unlabelled(page(no, no, no, yes, no, no, no, no)).
unlabelled(page(no, no, yes, no, no, no, yes, no)).
unlabelled(page(yes, no, no, no, yes, yes, no, no)).
unlabelled(page(no, yes, yes, no, yes, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(yes, no, no, yes, yes, yes, no, no)).
unlabelled(page(no, no, no, no, yes, no, no, no)).
unlabelled(page(yes, no, yes, yes, no, no, no, no)).
unlabelled(page(no, no, no, yes, no, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(yes, yes, yes, yes, no, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(yes, no, no, no, no, no, no, no)).
unlabelled(page(yes, no, no, no, no, no, yes, yes)).
unlabelled(page(yes, yes, yes, no, yes, no, yes, no)).
unlabelled(page(no, yes, no, no, yes, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, yes, yes, no, no, yes, yes)).
unlabelled(page(no, yes, no, yes, yes, no, yes, yes)).
unlabelled(page(yes, yes, yes, yes, yes, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, no, yes)).
unlabelled(page(yes, yes, yes, yes, yes, no, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, no, no, no, yes)).
unlabelled(page(no, no, no, no, yes, no, no, no)).
unlabelled(page(yes, yes, yes, yes, yes, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, no, yes)).
unlabelled(page(yes, no, no, yes, yes, no, yes, yes)).
unlabelled(page(no, no, yes, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, yes, no, yes, no)).
unlabelled(page(no, yes, no, no, yes, yes, yes, no)).
unlabelled(page(yes, no, no, yes, yes, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, yes, no, no, no, yes, no)).
unlabelled(page(no, no, no, yes, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(yes, yes, no, no, yes, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, yes, no, no, yes, no)).
unlabelled(page(no, no, no, no, yes, no, yes, yes)).
unlabelled(page(yes, yes, yes, yes, no, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(yes, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, yes, no, no, no, no, yes)).
unlabelled(page(yes, yes, yes, yes, yes, no, no, no)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(yes, no, yes, no, no, no, no, yes)).
unlabelled(page(no, yes, no, no, yes, no, no, no)).
unlabelled(page(yes, no, no, no, no, no, no, no)).
unlabelled(page(no, no, no, yes, no, no, yes, no)).
unlabelled(page(no, yes, no, no, no, no, yes, yes)).
unlabelled(page(yes, no, no, no, no, yes, no, no)).
unlabelled(page(no, no, no, no, yes, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(yes, yes, yes, yes, yes, yes, no, no)).
unlabelled(page(yes, yes, yes, yes, no, yes, no, no)).
unlabelled(page(no, yes, no, no, yes, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(yes, yes, no, no, yes, no, no, no)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(yes, yes, yes, no, no, no, no, no)).
unlabelled(page(yes, yes, no, no, no, yes, no, no)).
unlabelled(page(no, no, no, yes, yes, no, yes, yes)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(yes, yes, yes, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(yes, yes, yes, yes, yes, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(yes, no, no, no, no, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(yes, no, no, no, no, no, yes, yes)).
unlabelled(page(no, yes, no, no, no, no, no, yes)).
unlabelled(page(yes, no, no, no, yes, no, no, yes)).
unlabelled(page(no, no, no, yes, no, yes, yes, yes)).
unlabelled(page(no, no, no, no, no, no, no, yes)).
unlabelled(page(yes, yes, yes, no, yes, yes, no, no)).
unlabelled(page(yes, no, no, no, no, no, yes, yes)).
unlabelled(page(no, yes, no, no, yes, no, no, no)).
unlabelled(page(no, no, yes, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, yes, no, yes, yes)).
unlabelled(page(no, no, yes, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(no, no, no, no, no, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(yes, no, yes, no, no, yes, no, yes)).
unlabelled(page(yes, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, yes, yes, no, no, yes, no)).
unlabelled(page(no, no, no, no, yes, no, yes, no)).
unlabelled(page(no, no, yes, no, no, no, yes, yes)).
unlabelled(page(yes, yes, no, no, yes, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, yes, yes, no, no, yes, yes)).
unlabelled(page(yes, yes, yes, yes, yes, no, no, no)).
unlabelled(page(no, yes, yes, no, yes, yes, no, no)).
unlabelled(page(yes, no, yes, no, no, no, no, no)).
unlabelled(page(no, no, no, yes, yes, no, yes, no)).
unlabelled(page(yes, yes, no, yes, yes, no, no, no)).
unlabelled(page(yes, no, yes, no, no, no, no, no)).
unlabelled(page(no, no, no, no, no, no, no, yes)).
unlabelled(page(no, no, yes, no, no, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, yes, yes, no, yes, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, no, no, no, yes)).
unlabelled(page(yes, no, no, yes, no, no, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, yes, yes, no, no, no, yes)).
unlabelled(page(yes, yes, no, no, yes, yes, no, yes)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(yes, yes, no, no, yes, yes, no, no)).
unlabelled(page(no, no, no, yes, no, no, yes, no)).
unlabelled(page(no, no, no, yes, yes, yes, yes, no)).
unlabelled(page(no, no, no, no, yes, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, yes, yes, no, yes, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, yes, no, no, no, no, no, no)).
unlabelled(page(no, yes, no, no, no, no, yes, yes)).
unlabelled(page(yes, no, no, yes, no, no, no, yes)).
unlabelled(page(no, no, no, no, yes, no, no, no)).
unlabelled(page(yes, yes, no, yes, yes, yes, no, yes)).
unlabelled(page(no, yes, no, no, yes, no, no, no)).
unlabelled(page(no, yes, no, no, no, no, yes, no)).
unlabelled(page(no, yes, no, no, yes, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, yes, no, no, yes, no, no, yes)).
unlabelled(page(no, no, no, yes, no, no, yes, yes)).
unlabelled(page(no, no, no, yes, no, no, yes, yes)).
unlabelled(page(yes, yes, yes, no, yes, yes, no, no)).
unlabelled(page(yes, no, no, yes, no, no, no, no)).
unlabelled(page(yes, no, yes, yes, no, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(yes, no, yes, no, no, no, yes, yes)).
unlabelled(page(no, no, yes, no, no, no, no, no)).
unlabelled(page(yes, yes, yes, no, yes, no, no, no)).
unlabelled(page(yes, no, no, no, no, no, no, yes)).
unlabelled(page(yes, no, no, no, no, yes, no, no)).
unlabelled(page(yes, no, yes, no, yes, no, yes, no)).
unlabelled(page(yes, no, no, no, yes, no, yes, no)).
unlabelled(page(no, yes, no, no, no, no, no, no)).
unlabelled(page(yes, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, yes, no, yes, yes)).
unlabelled(page(yes, yes, no, no, no, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, yes, no, no, no, no)).
unlabelled(page(yes, yes, no, no, yes, yes, no, no)).
unlabelled(page(yes, no, no, no, no, no, yes, yes)).
unlabelled(page(yes, yes, no, no, no, no, no, no)).
unlabelled(page(no, no, no, yes, no, no, yes, yes)).
unlabelled(page(no, yes, no, no, no, yes, no, yes)).
unlabelled(page(yes, yes, no, no, yes, yes, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(no, no, yes, no, no, no, no, yes)).
unlabelled(page(yes, no, no, no, no, no, no, no)).
unlabelled(page(yes, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, yes, yes, no, yes, no, no, no)).
unlabelled(page(yes, no, yes, yes, yes, yes, no, yes)).
unlabelled(page(no, no, no, no, yes, no, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, yes, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(yes, no, yes, no, no, no, no, yes)).
unlabelled(page(no, no, no, yes, no, no, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(yes, yes, yes, no, yes, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, yes, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(yes, yes, no, no, no, no, yes, yes)).
unlabelled(page(yes, no, no, no, yes, yes, no, no)).
unlabelled(page(yes, yes, no, yes, yes, no, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(no, yes, no, yes, no, no, yes, no)).
unlabelled(page(no, yes, no, no, no, no, yes, yes)).
unlabelled(page(yes, no, yes, yes, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
unlabelled(page(yes, no, no, no, yes, no, yes, no)).
unlabelled(page(no, no, no, yes, no, no, yes, yes)).
unlabelled(page(yes, no, no, no, no, no, no, yes)).
unlabelled(page(no, yes, no, yes, no, no, no, no)).
unlabelled(page(no, yes, yes, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, no, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(yes, no, no, no, yes, no, no, yes)).
unlabelled(page(yes, no, no, no, no, yes, no, no)).
unlabelled(page(yes, no, no, yes, no, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, no, yes)).
unlabelled(page(yes, yes, yes, no, no, yes, no, no)).
unlabelled(page(no, no, yes, no, yes, no, no, no)).
unlabelled(page(yes, no, no, no, no, no, yes, no)).
unlabelled(page(yes, yes, no, no, yes, yes, no, yes)).
unlabelled(page(yes, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, yes, no, no, no, no, yes)).
unlabelled(page(yes, yes, no, no, yes, yes, no, no)).
unlabelled(page(no, yes, no, no, yes, yes, no, no)).
unlabelled(page(yes, no, no, no, no, no, yes, no)).
unlabelled(page(yes, no, yes, no, yes, yes, no, yes)).
unlabelled(page(no, no, no, yes, no, no, yes, no)).
unlabelled(page(yes, no, no, no, yes, no, yes, yes)).
unlabelled(page(yes, yes, yes, yes, no, no, yes, no)).
unlabelled(page(yes, no, no, no, yes, yes, no, no)).
unlabelled(page(yes, no, no, no, yes, no, no, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(yes, no, no, yes, no, no, yes, yes)).
unlabelled(page(no, no, no, no, yes, no, yes, no)).
unlabelled(page(yes, no, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, yes, no, no, no, yes)).
unlabelled(page(yes, no, yes, yes, yes, no, no, yes)).
unlabelled(page(no, no, yes, yes, no, no, yes, yes)).
unlabelled(page(no, no, yes, no, yes, yes, no, no)).
unlabelled(page(no, no, no, no, no, no, no, yes)).
unlabelled(page(no, yes, no, no, no, no, yes, yes)).
unlabelled(page(no, no, no, no, no, yes, yes, no)).
unlabelled(page(no, no, no, no, yes, yes, no, yes)).
unlabelled(page(yes, no, no, no, no, no, yes, no)).
unlabelled(page(yes, no, no, no, yes, no, yes, yes)).
unlabelled(page(no, no, no, yes, no, no, no, yes)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, yes, yes, no, no, yes)).
unlabelled(page(no, no, no, yes, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, no)).
unlabelled(page(no, no, no, no, no, no, yes, yes)).
