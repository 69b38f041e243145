import { useParams } from 'react-router'
import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx'
import { findSport, UnknownSport } from '../../components/ui/sport-param.tsx'

export function Component() {
  const { sport: param = '' } = useParams()
  const sport = findSport(param)
  if (!sport) return <UnknownSport param={param} linkTo={(slug) => `/sport-hub/${slug}`} />
  return <PlaceholderPage title={`${sport.label} Sport Hub`} />
}
