"""The browser test's checks of the other views and sizes: the octal explorer, the tablettes
table, the page in French and on a phone. Each function takes the Run of run_browser.py."""

import re

from browser_page import PHONE, WIDTH


# c. The octal explorer.
def octal(run):
    p = run.p
    p.open('#view=octal')
    code = p.tid('octal-code')
    code.clear()
    code.send_keys('0.07')
    p.click(p.tid('octal-run'))
    period = p.wait(lambda: p.tids('octal-period') and p.tid('octal-period').text, 'the period of 0.07')
    proof = p.tid('octal-proof')
    m = re.fullmatch(r'period (\d+) from heap (\d+) on', period)
    run.expect(m and (int(m.group(1)), int(m.group(2))) == (34, 53),
                f'octal 0.07: the page reads {period!r}, expected period 34 from heap 53 on')
    run.expect(proof.text == 'proven' and 'yes' in proof.get_attribute('class'),
                f'octal 0.07: the proof reads {proof.text!r}')
    run.expect(p.js("return !!document.querySelector('#octal-result svg.plot .marker.first')"),
                'octal 0.07: the plot has no mark where the period starts')
    run.ok(f'octal 0.07: "{period}", {proof.text}')
    p.shot('web-octal.png', ['#octal-heading', '#octal-form', '#octal-result > section:nth-of-type(2)'])


# The tablettes table, checked cell by cell against grundy table.
def table(run):
    p = run.p
    rows = run.grundy_json('table', '--colors', '1..3', '--tablets', '1..4')
    p.open('#view=table')
    for name, value in (('table-colors', '1..3'), ('table-tablets', '1..4')):
        box = p.d.find_element('id', name)
        box.clear()
        box.send_keys(value)
    p.click(p.tid('table-run'))
    p.wait(lambda: (lambda cells: len(cells) == 12 and all('done' in c.get_attribute('class') for c in cells))(
        p.tids('table-cell')), 'the 12 cells of the table')
    for row in rows:
        cell = p.js(f"return document.querySelector('[data-testid=table-cell][data-colors=\"{row['colors']}\"]"
                    f"[data-tablets=\"{row['tablets']}\"]').innerText")
        words = f'{row["outcome"]} g = {row["grundy"]}'
        positions = f'{row["vertices"]:,} position'
        run.expect(words in cell.replace('\n', ' ') and positions in cell,
                    f'table: the cell C={row["colors"]} N={row["tablets"]} reads {cell!r}; grundy table says '
                    f'{row["outcome"]}, g = {row["grundy"]}, {row["vertices"]} positions')
    run.ok('table 1..3 x 1..4: every cell as grundy table says')
    p.shot('web-table.png', ['#table-heading', '#table-form', '#table-result'])


def french(run):
    p = run.p
    from selenium.webdriver.support.ui import Select
    p.open('#game=tablettes&colors=2&tablets=3&opponent=computer&first=computer')
    p.settled()
    Select(p.tid('language-select')).select_by_value('fr')
    p.wait(lambda: p.tid('hint-button').text == 'Indice', 'the Hint button in French')
    run.expect(p.js('return document.documentElement.lang') == 'fr', 'french: <html lang> is not fr')
    tab = p.tid('view-octal').text
    run.expect(tab == 'Jeux octaux', f'french: the octal tab reads {tab!r}')
    move = p.hint()
    run.expect(move and 'poser la pile' in move.text, f'french: the hinted move reads {move and move.text!r}')
    run.ok('the page in French')
    p.js('document.activeElement.blur(); window.scrollTo(0, 0)')
    p.shot('web-french.png')
    Select(p.tid('language-select')).select_by_value('en')
    p.wait(lambda: p.tid('hint-button').text == 'Hint', 'the page back in English')


def phone(run):
    p = run.p
    p.size(*PHONE, mobile=True)
    try:
        p.open('')
        p.settled()
        wide = p.js('return document.documentElement.scrollWidth')
        run.expect(wide <= PHONE[0], f'phone: the page is {wide} px wide in a {PHONE[0]}-px window')
        run.expect(not p.js("return document.getElementById('setup-panel').open"),
                    'phone: the set-up is not folded into its summary')
        run.expect(p.tid('hint-button').is_displayed(), 'phone: no Hint button')
        run.ok(f'a {PHONE[0]}-px-wide window: nothing scrolls sideways, the set-up folded')
        p.shot('web-phone.png')
    finally:
        p.size(WIDTH, 900)


CHECKS = (octal, table, french, phone)
