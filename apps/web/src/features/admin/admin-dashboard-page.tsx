import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, Navigate, useParams } from 'react-router'
import { cx } from '../../components/ui/cx.ts'
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx'
import { ReadFailed } from '../../components/ui/read-states.tsx'
import { pageTitle } from '../../lib/site.ts'
import { AdminCallError } from './admin-client.ts'
import { consoleQueries } from './api.ts'
import { adminFailure } from './console/console-words.ts'
import { useStoredUser } from '../../auth/stored-user.ts'
import { consoleSectionsFor, opensAsAdmin, type ConsoleSection } from './console/sections.tsx'

const sectionPath = (section: ConsoleSection) => `/admin/dashboard/${section.slug}`

interface MenuProps {
  sections: readonly ConsoleSection[]
  current: ConsoleSection
}

/** The sections as a side menu on a wide screen. */
function SideMenu({ sections, current }: MenuProps) {
  return (
    <nav aria-label="Admin sections" className="hidden w-44 shrink-0 lg:block">
      <ul className="flex flex-col gap-1">
        {sections.map((section) => (
          <li key={section.slug}>
            <Link
              to={sectionPath(section)}
              aria-current={section === current ? 'page' : undefined}
              className={cx(
                'flex min-h-11 items-center rounded-lg px-3 text-sm font-medium',
                section === current ? 'bg-slate-900 text-white' : 'text-slate-800 hover:bg-slate-100',
              )}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The sections as a menu behind one button on a phone, which has no room for a side menu. */
function SectionMenu({ sections, current }: MenuProps) {
  return (
    <nav aria-label="Admin sections (menu)" className="lg:hidden">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="inline-flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900">
          <span>
            <span className="font-normal text-slate-600">Section: </span>
            {current.label}
          </span>
          <span aria-hidden="true">▾</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            {sections.map((section) => (
              <DropdownMenu.Item key={section.slug} asChild>
                <Link
                  to={sectionPath(section)}
                  aria-current={section === current ? 'page' : undefined}
                  className="flex min-h-11 items-center rounded-md px-3 text-sm text-slate-900 outline-none data-highlighted:bg-slate-100"
                >
                  {section.label}
                </Link>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </nav>
  )
}

/**
 * `/admin/dashboard/{section}`: the admin console. Each section has its own address, so a reload
 * keeps the place. For an administrator the console opens once the server says this session holds
 * admin powers; a session that has not entered the admin password goes to /admin/login to enter
 * it. A moderator has no admin password: they get the sections their permissions allow (the
 * Moderation section), and the API checks each call.
 */
export function Component() {
  const { section: slug } = useParams()
  const headingId = useId()
  const user = useStoredUser()
  const sections = consoleSectionsFor(user)
  const asAdmin = opensAsAdmin(user)
  const session = useQuery({ ...consoleQueries.session(), enabled: asAdmin })
  // `/admin/dashboard` itself shows the first section.
  const current = slug === undefined ? sections[0] : sections.find((section) => section.slug === slug)

  if (!current) return <Navigate to={sections.length > 0 ? '/admin/dashboard' : '/'} replace />
  if (asAdmin && session.isPending) return <PageSkeleton label="Checking your admin session…" />
  if (session.isError) {
    const error = session.error
    if (error instanceof AdminCallError && (error.status === 401 || error.status === 403)) {
      return <Navigate to="/admin/login" replace />
    }
    return (
      <section className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="mb-4 text-2xl font-bold text-slate-900">Admin Dashboard</h1>
        <ReadFailed
          message="Failed to open the admin console"
          detail={adminFailure(error)}
          onRetry={() => void session.refetch()}
        />
      </section>
    )
  }

  const { Component: Section } = current
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:px-6 lg:py-10">
      <title>{pageTitle(`${current.label} · Admin Dashboard`)}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Admin Dashboard</h1>
      <SectionMenu sections={sections} current={current} />
      <div className="flex gap-8">
        <SideMenu sections={sections} current={current} />
        <section aria-labelledby={headingId} className="flex min-w-0 flex-1 flex-col gap-4">
          <div>
            <h2 id={headingId} className="text-xl font-semibold text-slate-900">
              {current.label}
            </h2>
            <p className="mt-1 text-slate-700">{current.description}</p>
          </div>
          <Section />
        </section>
      </div>
    </div>
  )
}
