# The reference of bench/tables: pdfplumber's extract_tables on one page, as JSON lists of rows.
# Usage: python3 pdfplumber_tables.py FILE PAGE lines|text
import json
import sys

import pdfplumber

path, page_number, strategy = sys.argv[1], int(sys.argv[2]), sys.argv[3]
settings = {} if strategy == 'lines' else {'vertical_strategy': 'text', 'horizontal_strategy': 'text'}
with pdfplumber.open(path) as pdf:
    tables = pdf.pages[page_number - 1].extract_tables(settings)
print(json.dumps([[[cell or '' for cell in row] for row in table] for table in tables]))
