import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppMetrics } from './metrics.ts'

export interface MetricsRoutesDeps {
  metrics: AppMetrics
}

/** `GET /api/metrics` (issue 18 point 5): for a Prometheus scraper with METRICS_TOKEN, or a verified admin. */
export const metricsRoutes: FastifyPluginAsyncZod<MetricsRoutesDeps> = async (app, { metrics }) => {
  app.get(
    '/metrics',
    {
      config: { access: 'metrics' },
      schema: {
        tags: ['health'],
        summary:
          "The server's metrics in Prometheus's text format: requests by route and status, the process, the database pool, job queues, deliveries and outboxes",
        response: {
          200: {
            description: "Prometheus's text exposition format",
            content: { [metrics.contentType]: { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) => {
      const text = await metrics.scrape()
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text)
    },
  )
}
