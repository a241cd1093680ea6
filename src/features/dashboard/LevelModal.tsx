import { CodeBoundary, retryableLazy } from '@/components/CodeBoundary';
import styled from 'styled-components';
import { SKILLS } from '@common/domain';
import { Modal } from '@/components/Modal';
import { SKILL_NAMES } from '@/lib/skills';
import { levelDescription, levelZeroText } from '@/lib/levelDescriptions';
import { useT } from '@/i18n/I18nProvider';

const forecast = retryableLazy(() => import('./LevelForecast').then((m) => ({ default: m.LevelForecast })));

interface LevelModalProps {
  level: number;
  onClose: () => void;
}

/** 'Level N' with what a learner at that level can do in each skill (spec 2, 3). */
export function LevelModal({ level, onClose }: LevelModalProps) {
  const t = useT();
  const description = levelDescription(level);
  return (
    <Modal title={t('dashboard.level.title', { level })} onClose={onClose}>
      <CodeBoundary fallback={<p>{t('common.loading')}</p>} onRetry={forecast.retry}>
        {() => <forecast.Component level={level} />}
      </CodeBoundary>
      {description ? (
        <>
          <Subtitle>{description.title}</Subtitle>
          <p>{description.general}</p>
          <Skills>
            {SKILLS.map((skill) => (
              <div key={skill}>
                <dt>{SKILL_NAMES[skill]}</dt>
                <dd>{description[skill]}</dd>
              </div>
            ))}
          </Skills>
        </>
      ) : (
        <p>{levelZeroText()}</p>
      )}
    </Modal>
  );
}

const Subtitle = styled.h3`
  margin-bottom: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.primary};
  font-size: ${({ theme }) => theme.font.size.lg};
`;

const Skills = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => `${theme.space.md} 0 0`};

  dt {
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
  dd {
    margin: 0;
  }
`;
