// The console's one tab strip: the lists a page switches between (open and decided, review and
// held…), each a button with the tab role, the current one selected.
export function Tabs<Id extends string>({
  tabs,
  current,
  onChange,
}: {
  tabs: readonly { id: Id; label: string }[]
  current: Id
  onChange: (id: Id) => void
}) {
  return (
    <div className="tabs" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={current === tab.id}
          className={current === tab.id ? 'tab active' : 'tab'}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}
