import { describe, expect, it } from 'vitest';
import { batches, setParameter, splitSqlScript } from './sql-script.js';

describe('splitSqlScript', () => {
  it('ends a statement at a semicolon outside quotes only', () => {
    const script = [
      `INSERT INTO public.notes VALUES (1, 'first; second', 'a "quoted; word"');`,
      `CREATE TABLE public."odd;name" ("col;umn" integer);`,
      `SELECT 1`,
    ].join('\n');
    expect(splitSqlScript(script)).toEqual([
      `INSERT INTO public.notes VALUES (1, 'first; second', 'a "quoted; word"');`,
      `CREATE TABLE public."odd;name" ("col;umn" integer);`,
      'SELECT 1',
    ]);
  });

  it('reads a doubled quote as one inside the text, in strings and identifiers', () => {
    const script = `INSERT INTO t VALUES ('it''s; still '' the text;');\nSELECT "a "";b" FROM t;`;
    expect(splitSqlScript(script)).toEqual([
      `INSERT INTO t VALUES ('it''s; still '' the text;');`,
      `SELECT "a "";b" FROM t;`,
    ]);
  });

  it('keeps dollar-quoted function bodies whole, whatever their tag', () => {
    const plain = `CREATE FUNCTION public.one() RETURNS integer
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM 1; RETURN 1;
END;
$$;`;
    const tagged = `CREATE FUNCTION public.two() RETURNS text
    LANGUAGE plpgsql
    AS $body$
BEGIN
  RETURN 'semi; colon $$ inside';
END;
$body$;`;
    expect(splitSqlScript(`${plain}\n\n${tagged}\nSELECT 2;`)).toEqual([plain, tagged, 'SELECT 2;']);
  });

  it('does not take a positional parameter for a dollar quote', () => {
    const script = `PREPARE p(int) AS SELECT $1; SELECT 'after';`;
    expect(splitSqlScript(script)).toEqual(['PREPARE p(int) AS SELECT $1;', `SELECT 'after';`]);
  });

  it('ignores semicolons and quotes in comments, and drops a script that is only comments', () => {
    const script = `--
-- Name: notes; Type: TABLE; Schema: public; Owner: -
-- it's a comment
--

CREATE TABLE public.notes (id integer); /* a block; with 'a quote */ SELECT 3;
-- trailing; comment
--
`;
    expect(splitSqlScript(script)).toEqual([
      `--\n-- Name: notes; Type: TABLE; Schema: public; Owner: -\n-- it's a comment\n--\n\nCREATE TABLE public.notes (id integer);`,
      `/* a block; with 'a quote */ SELECT 3;`,
    ]);
    expect(splitSqlScript('-- only\n-- comments;\n\n')).toEqual([]);
  });

  it('drops the meta-command lines pg_dump writes between statements', () => {
    const script = `\\restrict AbC123xyz

SET statement_timeout = 0;
\\connect valence
-- the data
INSERT INTO t VALUES (1);

\\unrestrict AbC123xyz
`;
    expect(splitSqlScript(script)).toEqual(['SET statement_timeout = 0;', '-- the data\nINSERT INTO t VALUES (1);']);
  });

  it('keeps a backslash at the start of a line inside a string as text, not a meta-command', () => {
    const insert = `INSERT INTO public.notes VALUES (1, 'first line\n\\restrict not a command; still the text\n\\.');`;
    const script = `${insert}\nINSERT INTO public.notes VALUES (2, 'x');\n`;
    expect(splitSqlScript(script)).toEqual([insert, `INSERT INTO public.notes VALUES (2, 'x');`]);
  });

  it('keeps a backslash at the start of a line inside a statement (outside quotes) in that statement', () => {
    const statement = `SELECT 1\n\\ 2;`;
    expect(splitSqlScript(statement)).toEqual([statement]);
  });
});

describe('setParameter', () => {
  it('names the parameter a SET statement sets, lower-cased', () => {
    expect(setParameter('SET transaction_timeout = 0;')).toBe('transaction_timeout');
    expect(setParameter('SET Client_Encoding TO UTF8;')).toBe('client_encoding');
    expect(setParameter("SELECT pg_catalog.set_config('search_path', '', false);")).toBeUndefined();
    expect(setParameter('SET SESSION AUTHORIZATION DEFAULT;')).toBeUndefined();
  });
});

describe('batches', () => {
  it('joins statements into batches of about the size asked, each statement ending in a semicolon', () => {
    const statements = ['SELECT 1;', 'SELECT 22', 'SELECT 333;', 'SELECT 4'];
    expect([...batches(statements, 18)]).toEqual(['SELECT 1;\nSELECT 22;', 'SELECT 333;\nSELECT 4;']);
    expect([...batches(statements)]).toEqual(['SELECT 1;\nSELECT 22;\nSELECT 333;\nSELECT 4;']);
    expect([...batches([])]).toEqual([]);
  });
});
