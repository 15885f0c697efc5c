import { Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { ChemText } from './chem-text';

type QuestionStemProps = {
  /** Its place in the exam, from 1: the picture is named after it. */
  number: number;
  text: string | null;
  imageUrl: string | null;
  /** How the text may break in its column. */
  textStyle: CSSProperties;
};

/** An MCQ question as written, wherever it is shown: its text (notation rendered) and its picture. */
export function QuestionStem({ number, text, imageUrl, textStyle }: QuestionStemProps) {
  return (
    <>
      {text && (
        <Text component="div" style={textStyle}>
          <ChemText text={text} />
        </Text>
      )}
      {imageUrl && (
        <img
          src={imageUrl}
          alt={`Question ${number}`}
          loading="lazy"
          style={{ display: 'block', maxWidth: '100%', maxHeight: 320, height: 'auto', objectFit: 'contain' }}
        />
      )}
    </>
  );
}
