// The floor of the offline start (tests/bench/offlineFloor.ts): the trips /trips shows first, read from the
// portal's IndexedDB with no framework, as the portal reads them at start (src/app/browser/storage.ts, src/db/).

// The bench opens it on `{tenant}.localhost`: the tenant is the host's first label, the time zone Helsinki's
// (src/domain/hosts.ts, timeZoneForHost).
const tenant = location.hostname.split('.')[0]
const timeZone = 'Europe/Helsinki'
const userId = localStorage.getItem(`portal.lastUser.${tenant}`)

const request = indexedDB.open(`portal:${tenant}:${userId}`)
request.onsuccess = () => {
  const read = request.result.transaction('trips').objectStore('trips').getAll()
  read.onsuccess = () => show(read.result)
}

// The list's default day (today, or the next day with trips) in start order, then by name in Finnish order:
// src/components/trips/tripDates.ts and src/db/portalDb.ts, sortTrips.
function show(trips) {
  const today = Temporal.Now.plainDateISO(timeZone).toString()
  const day =
    trips
      .map((trip) => trip.date)
      .sort()
      .find((date) => date >= today) ?? today
  const names = new Intl.Collator('fi')
  const start = (trip) => Temporal.Instant.from(trip.startDateTime).epochMilliseconds
  const shown = trips
    .filter((trip) => trip.date === day)
    .sort((a, b) => start(a) - start(b) || names.compare(a.passenger.name, b.passenger.name))
  const clock = new Intl.DateTimeFormat('fi', { timeZone, hour: '2-digit', minute: '2-digit' })
  document.getElementById('trips').replaceChildren(
    ...shown.map((trip) => {
      const link = document.createElement('a')
      link.href = `/trips/${encodeURIComponent(trip.id)}/${trip.date}`
      // A block, as the portal's trip links are: Element Timing reports text by its block, the link itself.
      link.style.display = 'block'
      link.textContent = `${clock.format(start(trip))} ${trip.passenger.name}: ${trip.startAddress.address} - ${trip.endAddress.address}`
      const item = document.createElement('li')
      item.append(link)
      return item
    }),
  )
}
