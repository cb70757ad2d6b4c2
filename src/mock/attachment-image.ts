// The picture every attachment of the mock mode shows: an ECG strip drawn for it (a PNG, 320 × 180), so that
// the image viewer, its thumbnails and their object URLs work with no server and no patient's image.
export const ATTACHMENT_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAUAAAAC0BAMAAAAXyugiAAAAMFBMVEX/9fX51dUaGhr2xcU3NTWDfn7NwsKbkZHs4uJhWlpza2uu' +
  'oaFNSUm+srImJiba0tJG1EULAAAACXBIWXMAAAsTAAALEwEAmpwYAAAFSElEQVR4nO2cS3LaWBSGj9KAH3ESsBMnsfNwqQXiTbtn' +
  'njlaQZpRDxOtwM0K3KygTfUCEiaZ2qwgYQVuVuCiN+BmBV2yyEjnhL8qdQ5QuRqpqC9ffXX1yL3Igo5L821vJfdKVKT55q3kHrlA' +
  'ciOYbu4cJHeRpJu7zazG7dlzN2pyI5hu7hwkd5Gk2w99mzle9Sn/8bIT9tyahH7wi6S47ATPBZIbwbW7SH76BfvHFhwbeO8IE1pw' +
  'bGC/igktODZwBgotODYwBoUWHBs46WBCC44NHIFCC44N7FUwoQXHBnZBoQXHB7ZAYUufY9ckgwY2Hbfg2DXJIASFoT7HPicZN7BD' +
  'YsGx52AUYkILbj0Dp6DQgmMD/TImtOC4wE1QaMIRE/gIFJpwxAQW/DokNOGICXwACk04YgLvt2uQ0IQjJnAjwIQmHDGB+WYTEppw' +
  'xAXWQKEFxwVu1zGhCUdM4FY5gIQmHDGBOyEmNOGICcy12pDQhCMusAIKLThuTfLqZx+aoptwJSZw919MaMKVmEPcfzM9Rw6JCUdM' +
  '4AwUmnDEBMZfIkhowhETOLmIbhGhCUdM4OgjJjThiAns/TZ+hwhNOGICu6DQhCMu8I/xNSS04LjA4dUAEppwxAQO/hlcIkITjpjA' +
  '8fshJDThiAmM/hueIUITjrjAP0GhBccFTr0uJDThiAlse923iNCEo2zgZoAJbTjKBj4KvN5XMOf7p5LQhqNsYKHp9T7MP4t9vyIJ' +
  'bTjKTvkPa3u9i9L+VbI//HhQl6boNlwpG/j0Dty9e6gSXb0MJKENV8oe4o2yN/qL+sk3TYWgSNE74ZDYcJQNzJe9yWea+edE+XqR' +
  '5leWtySOmMAwAWP/LFnrFyk+lYQmHGUDtxt34PSUKH5TpFxFENpwlA3cannxKU3+biVz3CLly4LQhqNs4E4lAUefakTR+yIVAkFo' +
  'w1E2MNfxfr2h3u/+eSFIPksvJ29JHDGB1Tvw7eAsX04+Sy8nb0kckZ/ZjrzdI+qeTXy/koBxlrDkKAveJODwMvkPOwFzktCGI24C' +
  '9KpK6frlm/M3E47EwGtQeK3L8YGPq5Qu8hcIH+tzQmCH0u9xFgk76hwf+KJD6Vd1C4Qv9DkhsEJTSFhR58RAX9aYcsQGPm9tthHh' +
  'c32Of5/kpLEfIC9VnOhz/PskJyEoDNU5/h33g0ahiRySA32OPwcPwgc1SBiqc3zgk/B+HRE+0efWNPBpeUNaOVhzJATmQ0yY1+bW' +
  'NPCwvt1AhIf6nBS41cKEW9ocH/iytiOt/605Ws/A/Waugwj39Tkp8GEVEz7U5vjA183560ULhK/1OSEwAIWBOscHPgv6N4jwmT4n' +
  'BLZn0veg1hwJgfFnTBhrc8I77v7oCzJFP9bnhHfc/dEFKLxQ5oTf3ZrOH0otOCRFfU54Q3sqPs2w5ogPjIaYMFLnpMDBGSYcaHNC' +
  '4Hh8CQnH6pwUGIHCSJuTAqfXmHCqzQmBA196aGrNkRR4CwpvlTkhcJg8tQWEQ3VufQMJFJIyJwR225iwq85JgQEoDLQ5IbAHCnvq' +
  'nBTYBIVNbU4KrIHCmjYnBI7qmHCkzglrkp74F1bWXIkPHIHCkTonrEkmIXZIJuqccA7GoDBW56TABihsaHNC4KyFCWfqnBQo/iGn' +
  'NUd8YB8U9tU5KbADCjvanBRYBYVVbU4I/PoDU4uE99Q5IXDzHBNuqnPu5/2+d8+NYLK5EfzeUfDcOUjLHMHjb0/Cl71XWv3A4nIO' +
  'nedu1ORGcL4t/Szz3GSB3AiuyvnmuQkruRFclTPPc4smciOYbu4cpPW/SP4HpUbIFzDJ0YIAAAAASUVORK5CYII=';

export function attachmentPng(): Uint8Array {
  return Uint8Array.from(atob(ATTACHMENT_PNG_BASE64), (character) => character.charCodeAt(0));
}
