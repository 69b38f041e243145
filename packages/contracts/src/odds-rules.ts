/** Odds-board constants the browser needs too. Zod-free. */

/** Spec §7: when the rankings cannot be read, six bookmakers ranked 1 to 6. */
export const fallbackBookmakerRankings = [
  { key: 'draftkings', title: 'DraftKings', rank: 1 },
  { key: 'fanduel', title: 'FanDuel', rank: 2 },
  { key: 'betmgm', title: 'BetMGM', rank: 3 },
  { key: 'caesars', title: 'Caesars', rank: 4 },
  { key: 'pointsbetus', title: 'PointsBet', rank: 5 },
  { key: 'betrivers', title: 'BetRivers', rank: 6 },
] as const

export const marketLabels: Record<string, string> = {
  h2h: 'Moneyline',
  spreads: 'Spread',
  totals: 'Total',
  player_points: 'Points',
  player_rebounds: 'Rebounds',
  player_assists: 'Assists',
  player_threes: 'Threes made',
  player_pass_yds: 'Passing yards',
  player_rush_yds: 'Rushing yards',
  player_reception_yds: 'Receiving yards',
  player_anytime_td: 'Anytime touchdown',
  batter_hits: 'Hits',
  batter_total_bases: 'Total bases',
  pitcher_strikeouts: 'Strikeouts',
  player_shots_on_goal: 'Shots on goal',
  player_goal_scorer_anytime: 'Anytime goal scorer',
  player_shots_on_target: 'Shots on target',
}

/** Player-prop markets offered per sport (The Odds API's keys). */
export const propMarkets: Record<string, readonly string[]> = {
  nfl: ['player_pass_yds', 'player_rush_yds', 'player_reception_yds', 'player_anytime_td'],
  ncaaf: ['player_pass_yds', 'player_rush_yds'],
  nba: ['player_points', 'player_rebounds', 'player_assists', 'player_threes'],
  ncaab: ['player_points', 'player_rebounds'],
  wnba: ['player_points', 'player_rebounds', 'player_assists'],
  mlb: ['batter_hits', 'batter_total_bases', 'pitcher_strikeouts'],
  nhl: ['player_points', 'player_shots_on_goal'],
  soccer: ['player_goal_scorer_anytime', 'player_shots_on_target'],
  mma: [],
}
