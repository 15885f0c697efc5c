import { heartbeatAnswerSchema, heartbeatSchema, resumePointSchema } from '@valence/contract';

/**
 * Worked examples of a viewing's calls for the OpenAPI page (/api/docs). `.meta` only documents;
 * validation is the contract's schema unchanged.
 */
export const viewingExamples = {
  heartbeatBody: heartbeatSchema.meta({
    example: {
      viewingKey: '6f1d2c3a-8b4e-4f7a-9c2d-1e5b7a9c3d4f',
      segments: [
        [120, 126.5],
        [300, 303.2],
      ],
      position: 303.2,
    },
  }),
  heartbeatAnswer: heartbeatAnswerSchema.meta({ examples: [{ watchedDuration: 412.7 }] }),
  resumePoint: resumePointSchema.meta({ examples: [{ position: 303.2 }, { position: null }] }),
};
