import { useParams } from 'react-router'
import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx'
import { findSport, UnknownSport } from '../../components/ui/sport-param.tsx'

export function Component() {
  const { sport: param } = useParams()
  if (param === undefined) return <PlaceholderPage title="Locker Room" />
  const sport = findSport(param)
  if (!sport) return <UnknownSport param={param} linkTo={(slug) => `/locker-room/${slug}`} />
  return <PlaceholderPage title={`${sport.label} Locker Room`} />
}
