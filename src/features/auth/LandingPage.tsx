import styled from 'styled-components';
import { BRAND_NAME } from '@common/domain';
import { paths } from '@/api/paths';
import { ButtonLink } from '@/components/ButtonLink';
import { Mascot } from '@/components/Mascot';
import { media } from '@/styles/media';
import { useT } from '@/i18n/I18nProvider';
import { FadedPage } from './AuthLayout';

export function LandingPage() {
  const t = useT();
  return (
    <FadedPage>
      <Hero>
        <Headline>{t('auth.landing.headline', { brand: BRAND_NAME })}</Headline>
        <Mascot size={200} />
        <Actions>
          <ButtonLink to={paths.register} $fullWidth>
            {t('auth.landing.register')}
          </ButtonLink>
          <ButtonLink to={paths.login} $variant="secondary" $fullWidth>
            {t('auth.landing.login')}
          </ButtonLink>
        </Actions>
      </Hero>
    </FadedPage>
  );
}

const Hero = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xl};
  max-width: 640px;
  text-align: center;
`;

const Headline = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
  color: ${({ theme }) => theme.colors.primary};
  line-height: 1.2;
  ${media.wide} {
    font-size: ${({ theme }) => theme.font.size.hero};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  max-width: 320px;
  ${media.wide} {
    flex-direction: row;
  }
`;
