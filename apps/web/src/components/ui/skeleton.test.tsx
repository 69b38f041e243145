import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Skeleton } from './skeleton.tsx'

describe('Skeleton', () => {
  it('renders a pulsing block hidden from assistive technology, keeping the caller’s size classes', () => {
    const { container } = render(<Skeleton className="h-4 w-32" />)
    const block = container.firstElementChild
    expect(block?.getAttribute('aria-hidden')).toBe('true')
    expect(block?.className).toContain('animate-pulse')
    expect(block?.className).toContain('h-4 w-32')
  })
})
