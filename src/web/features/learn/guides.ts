// The Learn section's guides for job seekers: plain data, rendered by routes/learn*.tsx.

export interface GuideSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  ordered?: boolean;
}

export interface Guide {
  slug: string;
  title: string;
  summary: string;
  minutes: number;
  sections: GuideSection[];
}

export const guides: Guide[] = [
  {
    slug: 'reading-a-job-description',
    title: 'How to read a job description',
    summary:
      'Tell the must-haves from the wish list, spot what the team really needs, and decide in five minutes whether to apply.',
    minutes: 5,
    sections: [
      {
        heading: 'Start with the title, then ignore it',
        paragraphs: [
          'Titles vary wildly between companies: one firm’s “Senior Engineer” is another’s “Engineer II”. Read the title to know the field, then judge the job by its responsibilities and requirements, not by the label.',
        ],
      },
      {
        heading: 'Separate the must-haves from the wish list',
        paragraphs: [
          'Most descriptions mix hard requirements with things that would be nice. Minimum requirements are usually the first list; preferred qualifications are the second. If you meet most of the minimum requirements and some of the preferred ones, apply.',
        ],
        list: [
          'Words like “must”, “required” and “minimum” mark the real bar.',
          '“Preferred”, “a plus” and “bonus” mark the wish list.',
          'Years of experience are a guide, not a gate: show the equivalent work instead.',
        ],
      },
      {
        heading: 'Find the problem the team wants solved',
        paragraphs: [
          'The responsibilities describe the work; the company overview tells you why the role exists now. Put the two together and write down, in one sentence, the problem you would be hired to solve. That sentence is the spine of your résumé summary and your cover note.',
        ],
      },
      {
        heading: 'Check the practical details before you invest time',
        list: [
          'Location and whether the role is on-site, hybrid or remote.',
          'Salary: when a range is given, compare it with your needs before applying.',
          'Job type (full-time, contract, internship) and the experience level asked for.',
          'The posting date: openings older than a month may already be close to an offer.',
        ],
      },
      {
        heading: 'Watch for warning signs',
        list: [
          'Any request for money, fees or bank details before an offer. Real employers never ask.',
          'Vague duties with an unusually high salary.',
          'An apply link that does not lead to the company’s own site or a known applicant system.',
        ],
      },
    ],
  },
  {
    slug: 'a-resume-that-gets-read',
    title: 'A résumé that gets read',
    summary:
      'Recruiters skim a résumé in under a minute. Structure yours so the right things are found in that minute.',
    minutes: 6,
    sections: [
      {
        heading: 'Lead with a two-line summary',
        paragraphs: [
          'Say who you are professionally and what you are looking for, using the words of the job you are applying to. “Backend engineer with four years of payments experience, looking to build reliable APIs” beats a paragraph of adjectives.',
        ],
      },
      {
        heading: 'Write achievements, not duties',
        paragraphs: [
          'Every bullet should answer “so what?”. Start with a strong verb, say what you did, and end with the result, with a number where you have one.',
        ],
        list: [
          'Weak: “Responsible for the checkout page.”',
          'Strong: “Rebuilt the checkout page, cutting abandoned carts by 18% in three months.”',
        ],
      },
      {
        heading: 'Tailor it for each application',
        paragraphs: [
          'Keep one long master résumé, then trim a copy for each job: move the most relevant experience up, mirror the skills named in the description, and drop what does not help. Applicant tracking systems match keywords, and so do tired recruiters.',
        ],
      },
      {
        heading: 'Make it easy to read',
        list: [
          'One page for under ten years of experience, two at most after that.',
          'A plain layout with clear headings; no tables, columns or images that software cannot read.',
          'Send a PDF named with your name and the role, e.g. “priya-sharma-data-analyst.pdf”.',
          'Proofread it aloud, then ask someone else to read it.',
        ],
      },
    ],
  },
  {
    slug: 'preparing-for-interviews',
    title: 'Preparing for interviews',
    summary:
      'A week-by-week plan: research the company, rehearse your stories, prepare your questions and follow up well.',
    minutes: 7,
    sections: [
      {
        heading: 'Research the company and the role',
        paragraphs: [
          'Read the job description again, the company’s site and recent news. Know what they sell, who their customers are, and why this role is open. Interviewers notice when you connect your answers to their situation.',
        ],
      },
      {
        heading: 'Prepare five stories with the STAR method',
        paragraphs: [
          'Most behavioural questions can be answered with a handful of well-told stories. For each, note the Situation, the Task, the Action you took, and the Result.',
        ],
        list: [
          'A project you are proud of.',
          'A conflict or disagreement you resolved.',
          'A mistake and what you changed afterwards.',
          'A time you learned something quickly.',
          'A time you led without being the manager.',
        ],
      },
      {
        heading: 'Practise out loud',
        paragraphs: [
          'Answer common questions aloud, ideally on video or with a friend. Aim for answers of about two minutes. For technical roles, practise thinking aloud while you solve a problem: the reasoning matters as much as the answer.',
        ],
      },
      {
        heading: 'Bring your own questions',
        list: [
          'What would success look like in the first three months?',
          'What is the biggest challenge the team faces this year?',
          'How are decisions made, and how is feedback given?',
          'What are the next steps, and when should I expect to hear back?',
        ],
      },
      {
        heading: 'On the day and after',
        ordered: true,
        list: [
          'Test your connection and camera, or plan your route with fifteen minutes to spare.',
          'Have the job description, your résumé and your questions at hand.',
          'Within a day, send a short thank-you note that mentions something specific you discussed.',
          'Write down what went well and what to improve, whatever the outcome.',
        ],
      },
    ],
  },
];

export function findGuide(slug: string): Guide | undefined {
  return guides.find((g) => g.slug === slug);
}
