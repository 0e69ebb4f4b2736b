// One orientation section as the clinician reads it (and as editors preview it): its text in paragraphs and the
// link to its video, opened in a new tab.
import { Typography } from 'antd';

export type SectionView = { title: string; text: string; videoUrl: string | null };

export function SectionContent({
  section,
  headingLevel = 2,
}: {
  section: SectionView;
  headingLevel?: 2 | 3;
}) {
  return (
    <section aria-label={section.title}>
      <Typography.Title level={headingLevel} style={{ fontSize: headingLevel === 2 ? 20 : 17 }}>
        {section.title}
      </Typography.Title>
      {section.text
        .split(/\n{2,}/)
        .filter((paragraph) => paragraph.trim())
        .map((paragraph, i) => (
          <Typography.Paragraph key={i} style={{ whiteSpace: 'pre-line' }}>
            {paragraph}
          </Typography.Paragraph>
        ))}
      {section.videoUrl ? (
        <Typography.Paragraph>
          <a href={section.videoUrl} target="_blank" rel="noopener noreferrer">
            Watch the video: {section.title} (opens in a new tab)
          </a>
        </Typography.Paragraph>
      ) : null}
    </section>
  );
}
