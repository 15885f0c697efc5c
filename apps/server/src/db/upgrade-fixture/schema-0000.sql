--
-- PostgreSQL database dump
--


-- Dumped from database version 18.6
-- Dumped by pg_dump version 18.3

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET transaction_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: drizzle; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA drizzle;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: __drizzle_migrations; Type: TABLE; Schema: drizzle; Owner: -
--

CREATE TABLE drizzle.__drizzle_migrations (
    id integer NOT NULL,
    hash text NOT NULL,
    created_at bigint
);


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE; Schema: drizzle; Owner: -
--

CREATE SEQUENCE drizzle.__drizzle_migrations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE OWNED BY; Schema: drizzle; Owner: -
--

ALTER SEQUENCE drizzle.__drizzle_migrations_id_seq OWNED BY drizzle.__drizzle_migrations.id;


--
-- Name: accounts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.accounts (
    id integer NOT NULL,
    username text NOT NULL,
    name text,
    password_hash text NOT NULL,
    role text NOT NULL,
    logged_in boolean DEFAULT false NOT NULL,
    session_version integer DEFAULT 1 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: accounts_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.accounts_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: accounts_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.accounts_id_seq OWNED BY public.accounts.id;


--
-- Name: audit_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.audit_log (
    id integer NOT NULL,
    actor_id integer,
    actor_username text NOT NULL,
    action text NOT NULL,
    target text NOT NULL,
    details jsonb,
    at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: audit_log_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.audit_log_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: audit_log_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.audit_log_id_seq OWNED BY public.audit_log.id;


--
-- Name: courses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.courses (
    id integer NOT NULL,
    title text NOT NULL,
    description text NOT NULL,
    paused boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: courses_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.courses_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: courses_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.courses_id_seq OWNED BY public.courses.id;


--
-- Name: enrollments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.enrollments (
    id integer NOT NULL,
    course_id integer NOT NULL,
    student_id integer NOT NULL,
    status text DEFAULT 'ACTIVE'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: enrollments_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.enrollments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: enrollments_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.enrollments_id_seq OWNED BY public.enrollments.id;


--
-- Name: exams; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.exams (
    id integer NOT NULL,
    course_id integer NOT NULL,
    title text NOT NULL,
    description text NOT NULL,
    due_date timestamp with time zone NOT NULL,
    exam_type text NOT NULL,
    exam_identifier text NOT NULL,
    published boolean DEFAULT false NOT NULL,
    grades_published boolean DEFAULT false NOT NULL,
    content_deleted boolean DEFAULT false NOT NULL,
    paper_key text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: exams_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.exams_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: exams_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.exams_id_seq OWNED BY public.exams.id;


--
-- Name: mcq_options; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mcq_options (
    id integer NOT NULL,
    question_id integer NOT NULL,
    option_text text NOT NULL,
    is_correct boolean DEFAULT false NOT NULL,
    "position" integer DEFAULT 0 NOT NULL
);


--
-- Name: mcq_options_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.mcq_options_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: mcq_options_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.mcq_options_id_seq OWNED BY public.mcq_options.id;


--
-- Name: mcq_questions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mcq_questions (
    id integer NOT NULL,
    exam_id integer NOT NULL,
    question_text text,
    image_key text,
    "position" integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: mcq_questions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.mcq_questions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: mcq_questions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.mcq_questions_id_seq OWNED BY public.mcq_questions.id;


--
-- Name: resources; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.resources (
    id integer NOT NULL,
    course_id integer NOT NULL,
    name text NOT NULL,
    type text NOT NULL,
    url text NOT NULL,
    object_key text,
    size_bytes bigint,
    duration double precision DEFAULT 0 NOT NULL,
    live_at timestamp with time zone NOT NULL,
    recording_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: resources_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.resources_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: resources_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.resources_id_seq OWNED BY public.resources.id;


--
-- Name: submission_answers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.submission_answers (
    id integer NOT NULL,
    submission_id integer NOT NULL,
    question_id integer NOT NULL,
    option_id integer
);


--
-- Name: submission_answers_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.submission_answers_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: submission_answers_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.submission_answers_id_seq OWNED BY public.submission_answers.id;


--
-- Name: submissions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.submissions (
    id integer NOT NULL,
    exam_id integer NOT NULL,
    student_id integer NOT NULL,
    submitted_at timestamp with time zone DEFAULT now() NOT NULL,
    answer_key text,
    mcq_score double precision,
    traditional_score double precision,
    instructor_feedback text,
    graded_at timestamp with time zone,
    marked_paper_key text
);


--
-- Name: submissions_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.submissions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: submissions_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.submissions_id_seq OWNED BY public.submissions.id;


--
-- Name: watch_time; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.watch_time (
    id integer NOT NULL,
    student_id integer NOT NULL,
    resource_id integer,
    video_name text NOT NULL,
    watched_duration double precision NOT NULL,
    "timestamp" timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: watch_time_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.watch_time_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: watch_time_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.watch_time_id_seq OWNED BY public.watch_time.id;


--
-- Name: __drizzle_migrations id; Type: DEFAULT; Schema: drizzle; Owner: -
--

ALTER TABLE ONLY drizzle.__drizzle_migrations ALTER COLUMN id SET DEFAULT nextval('drizzle.__drizzle_migrations_id_seq'::regclass);


--
-- Name: accounts id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts ALTER COLUMN id SET DEFAULT nextval('public.accounts_id_seq'::regclass);


--
-- Name: audit_log id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log ALTER COLUMN id SET DEFAULT nextval('public.audit_log_id_seq'::regclass);


--
-- Name: courses id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.courses ALTER COLUMN id SET DEFAULT nextval('public.courses_id_seq'::regclass);


--
-- Name: enrollments id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.enrollments ALTER COLUMN id SET DEFAULT nextval('public.enrollments_id_seq'::regclass);


--
-- Name: exams id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.exams ALTER COLUMN id SET DEFAULT nextval('public.exams_id_seq'::regclass);


--
-- Name: mcq_options id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mcq_options ALTER COLUMN id SET DEFAULT nextval('public.mcq_options_id_seq'::regclass);


--
-- Name: mcq_questions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mcq_questions ALTER COLUMN id SET DEFAULT nextval('public.mcq_questions_id_seq'::regclass);


--
-- Name: resources id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.resources ALTER COLUMN id SET DEFAULT nextval('public.resources_id_seq'::regclass);


--
-- Name: submission_answers id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.submission_answers ALTER COLUMN id SET DEFAULT nextval('public.submission_answers_id_seq'::regclass);


--
-- Name: submissions id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.submissions ALTER COLUMN id SET DEFAULT nextval('public.submissions_id_seq'::regclass);


--
-- Name: watch_time id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watch_time ALTER COLUMN id SET DEFAULT nextval('public.watch_time_id_seq'::regclass);


--
-- Data for Name: __drizzle_migrations; Type: TABLE DATA; Schema: drizzle; Owner: -
--

INSERT INTO drizzle.__drizzle_migrations VALUES (1, '0053d5f7a2532ff97498117a70bc86c69e5c42ab7df16c93cdeb3ce01cb2d6a2', 1795313777633);


--
-- Data for Name: accounts; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.accounts VALUES (1, 'admin', NULL, 'scrypt$16384$8$5$15rqySpscruoUc0orPjpmg==$5LV54qblZ2U/Z5kr/dGf8li1VyIHT3aY33OrjOs68m1DSd/Bnk8b0wrkf58MW8tQF6opjZYKceFGh/Y5yc10gw==', 'ROLE_SUPERADMIN', false, 1, '2026-11-25 12:48:41.649+00');
INSERT INTO public.accounts VALUES (2, 'tutor', NULL, 'scrypt$16384$8$5$15rqySpscruoUc0orPjpmg==$5LV54qblZ2U/Z5kr/dGf8li1VyIHT3aY33OrjOs68m1DSd/Bnk8b0wrkf58MW8tQF6opjZYKceFGh/Y5yc10gw==', 'ROLE_ADMIN', false, 1, '2026-11-25 12:48:41.649+00');
INSERT INTO public.accounts VALUES (3, 'amaya', 'Amaya Perera', 'scrypt$16384$8$5$15rqySpscruoUc0orPjpmg==$5LV54qblZ2U/Z5kr/dGf8li1VyIHT3aY33OrjOs68m1DSd/Bnk8b0wrkf58MW8tQF6opjZYKceFGh/Y5yc10gw==', 'ROLE_STUDENT', false, 1, '2026-11-25 12:48:41.649+00');
INSERT INTO public.accounts VALUES (4, 'kasun', 'Kasun Silva', 'scrypt$16384$8$5$15rqySpscruoUc0orPjpmg==$5LV54qblZ2U/Z5kr/dGf8li1VyIHT3aY33OrjOs68m1DSd/Bnk8b0wrkf58MW8tQF6opjZYKceFGh/Y5yc10gw==', 'ROLE_STUDENT', false, 2, '2026-11-25 12:48:41.649+00');


--
-- Data for Name: audit_log; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.audit_log VALUES (1, 1, 'admin', 'staff.create', 'account:2', '{"username": "tutor"}', '2026-11-25 12:48:41.649+00');


--
-- Data for Name: courses; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.courses VALUES (1, 'A/L Chemistry 2026', 'Organic and physical chemistry', false, '2026-11-25 12:48:41.649+00');


--
-- Data for Name: enrollments; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.enrollments VALUES (1, 1, 3, 'ACTIVE', '2026-11-25 12:48:41.649+00');
INSERT INTO public.enrollments VALUES (2, 1, 4, 'PAUSED', '2026-11-25 12:48:41.649+00');


--
-- Data for Name: exams; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.exams VALUES (1, 1, 'Term test 1 MCQ', 'Fifty questions', '2026-02-01 04:30:00+00', 'MCQ', 'CHEM_T1', true, true, false, NULL, '2026-11-25 12:48:41.649+00');
INSERT INTO public.exams VALUES (2, 1, 'Term test 1 PART II', 'Structured essay', '2026-02-01 06:30:00+00', 'TRADITIONAL', 'CHEM_T1', true, false, false, NULL, '2026-11-25 12:48:41.649+00');


--
-- Data for Name: mcq_options; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.mcq_options VALUES (1, 1, '\ce{C2H4}', true, 0);
INSERT INTO public.mcq_options VALUES (2, 1, '\ce{C2H6}', false, 1);
INSERT INTO public.mcq_options VALUES (3, 1, '\ce{CH4}', false, 2);
INSERT INTO public.mcq_options VALUES (4, 1, '\ce{C3H8}', false, 3);
INSERT INTO public.mcq_options VALUES (5, 1, '\ce{C4H10}', false, 4);


--
-- Data for Name: mcq_questions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.mcq_questions VALUES (1, 1, 'Which is an alkene? \ce{C2H4}', NULL, 0, '2026-11-25 12:48:41.649+00');


--
-- Data for Name: resources; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.resources VALUES (1, 1, 'Alkenes', 'VIDEO', 'https://youtu.be/dQw4w9WgXcQ', NULL, NULL, 1800, '2026-01-10 04:30:00+00', '2026-01-10 04:30:00+00', NULL, '2026-11-25 12:48:41.649+00');


--
-- Data for Name: submission_answers; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.submission_answers VALUES (1, 1, 1, 1);


--
-- Data for Name: submissions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.submissions VALUES (1, 1, 3, '2026-11-25 12:48:41.649+00', NULL, 50, NULL, NULL, '2026-11-25 12:48:41.649+00', NULL);
INSERT INTO public.submissions VALUES (2, 2, 3, '2026-11-25 12:48:41.649+00', NULL, NULL, 72.5, 'Good use of \ce{->}', '2026-11-25 12:48:41.649+00', NULL);


--
-- Data for Name: watch_time; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.watch_time VALUES (1, 3, 1, 'Alkenes', 640.5, '2026-11-25 12:48:41.649+00');


--
-- Name: __drizzle_migrations_id_seq; Type: SEQUENCE SET; Schema: drizzle; Owner: -
--

SELECT pg_catalog.setval('drizzle.__drizzle_migrations_id_seq', 1, true);


--
-- Name: accounts_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.accounts_id_seq', 100, true);


--
-- Name: audit_log_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.audit_log_id_seq', 1, true);


--
-- Name: courses_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.courses_id_seq', 100, true);


--
-- Name: enrollments_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.enrollments_id_seq', 2, true);


--
-- Name: exams_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.exams_id_seq', 100, true);


--
-- Name: mcq_options_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.mcq_options_id_seq', 5, true);


--
-- Name: mcq_questions_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.mcq_questions_id_seq', 100, true);


--
-- Name: resources_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.resources_id_seq', 100, true);


--
-- Name: submission_answers_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.submission_answers_id_seq', 1, true);


--
-- Name: submissions_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.submissions_id_seq', 100, true);


--
-- Name: watch_time_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.watch_time_id_seq', 1, true);


--
-- Name: __drizzle_migrations __drizzle_migrations_pkey; Type: CONSTRAINT; Schema: drizzle; Owner: -
--

ALTER TABLE ONLY drizzle.__drizzle_migrations
    ADD CONSTRAINT __drizzle_migrations_pkey PRIMARY KEY (id);


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (id);


--
-- Name: audit_log audit_log_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);


--
-- Name: courses courses_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.courses
    ADD CONSTRAINT courses_pkey PRIMARY KEY (id);


--
-- Name: enrollments enrollments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.enrollments
    ADD CONSTRAINT enrollments_pkey PRIMARY KEY (id);


--
-- Name: exams exams_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.exams
    ADD CONSTRAINT exams_pkey PRIMARY KEY (id);


--
-- Name: mcq_options mcq_options_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mcq_options
    ADD CONSTRAINT mcq_options_pkey PRIMARY KEY (id);


--
-- Name: mcq_questions mcq_questions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mcq_questions
    ADD CONSTRAINT mcq_questions_pkey PRIMARY KEY (id);


--
-- Name: resources resources_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.resources
    ADD CONSTRAINT resources_pkey PRIMARY KEY (id);


--
-- Name: submission_answers submission_answers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.submission_answers
    ADD CONSTRAINT submission_answers_pkey PRIMARY KEY (id);


--
-- Name: submissions submissions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.submissions
    ADD CONSTRAINT submissions_pkey PRIMARY KEY (id);


--
-- Name: watch_time watch_time_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watch_time
    ADD CONSTRAINT watch_time_pkey PRIMARY KEY (id);


--
-- Name: accounts_role_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX accounts_role_idx ON public.accounts USING btree (role);


--
-- Name: accounts_username_lower_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX accounts_username_lower_idx ON public.accounts USING btree (lower(username));


--
-- Name: audit_log_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX audit_log_at_idx ON public.audit_log USING btree (at);


--
-- Name: enrollments_course_student_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX enrollments_course_student_idx ON public.enrollments USING btree (course_id, student_id);


--
-- Name: enrollments_student_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX enrollments_student_idx ON public.enrollments USING btree (student_id);


--
-- Name: exams_course_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX exams_course_idx ON public.exams USING btree (course_id);


--
-- Name: exams_identifier_type_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX exams_identifier_type_idx ON public.exams USING btree (course_id, exam_identifier, exam_type);


--
-- Name: mcq_options_question_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mcq_options_question_idx ON public.mcq_options USING btree (question_id);


--
-- Name: mcq_questions_exam_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mcq_questions_exam_idx ON public.mcq_questions USING btree (exam_id);


--
-- Name: resources_course_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX resources_course_idx ON public.resources USING btree (course_id);


--
-- Name: submission_answers_sub_q_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX submission_answers_sub_q_idx ON public.submission_answers USING btree (submission_id, question_id);


--
-- Name: submissions_exam_student_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX submissions_exam_student_idx ON public.submissions USING btree (exam_id, student_id);


--
-- Name: watch_time_student_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX watch_time_student_idx ON public.watch_time USING btree (student_id, "timestamp");


--
-- Name: enrollments enrollments_course_id_courses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.enrollments
    ADD CONSTRAINT enrollments_course_id_courses_id_fk FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;


--
-- Name: enrollments enrollments_student_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.enrollments
    ADD CONSTRAINT enrollments_student_id_accounts_id_fk FOREIGN KEY (student_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: exams exams_course_id_courses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.exams
    ADD CONSTRAINT exams_course_id_courses_id_fk FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;


--
-- Name: mcq_options mcq_options_question_id_mcq_questions_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mcq_options
    ADD CONSTRAINT mcq_options_question_id_mcq_questions_id_fk FOREIGN KEY (question_id) REFERENCES public.mcq_questions(id) ON DELETE CASCADE;


--
-- Name: mcq_questions mcq_questions_exam_id_exams_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mcq_questions
    ADD CONSTRAINT mcq_questions_exam_id_exams_id_fk FOREIGN KEY (exam_id) REFERENCES public.exams(id) ON DELETE CASCADE;


--
-- Name: resources resources_course_id_courses_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.resources
    ADD CONSTRAINT resources_course_id_courses_id_fk FOREIGN KEY (course_id) REFERENCES public.courses(id) ON DELETE CASCADE;


--
-- Name: submission_answers submission_answers_option_id_mcq_options_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.submission_answers
    ADD CONSTRAINT submission_answers_option_id_mcq_options_id_fk FOREIGN KEY (option_id) REFERENCES public.mcq_options(id) ON DELETE RESTRICT;


--
-- Name: submission_answers submission_answers_question_id_mcq_questions_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.submission_answers
    ADD CONSTRAINT submission_answers_question_id_mcq_questions_id_fk FOREIGN KEY (question_id) REFERENCES public.mcq_questions(id) ON DELETE RESTRICT;


--
-- Name: submission_answers submission_answers_submission_id_submissions_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.submission_answers
    ADD CONSTRAINT submission_answers_submission_id_submissions_id_fk FOREIGN KEY (submission_id) REFERENCES public.submissions(id) ON DELETE CASCADE;


--
-- Name: submissions submissions_exam_id_exams_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.submissions
    ADD CONSTRAINT submissions_exam_id_exams_id_fk FOREIGN KEY (exam_id) REFERENCES public.exams(id) ON DELETE RESTRICT;


--
-- Name: submissions submissions_student_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.submissions
    ADD CONSTRAINT submissions_student_id_accounts_id_fk FOREIGN KEY (student_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- Name: watch_time watch_time_resource_id_resources_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watch_time
    ADD CONSTRAINT watch_time_resource_id_resources_id_fk FOREIGN KEY (resource_id) REFERENCES public.resources(id) ON DELETE SET NULL;


--
-- Name: watch_time watch_time_student_id_accounts_id_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.watch_time
    ADD CONSTRAINT watch_time_student_id_accounts_id_fk FOREIGN KEY (student_id) REFERENCES public.accounts(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--


