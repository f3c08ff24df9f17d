-- Keep the keyword column in the job's row. A job's row is ~2.3 kB, over the 2 kB at which
-- PostgreSQL moves its largest values out of line, and search_vector (~330 bytes) was among them:
-- every keyword match then read the TOAST index and table too (~2 more page visits a row). MAIN
-- storage lets the description and the lists go out of line instead; the row stays the same size.
-- It applies to rows written from now on (a new or reseeded database; an UPDATE of the row).
ALTER TABLE jobs ALTER COLUMN search_vector SET STORAGE MAIN;
