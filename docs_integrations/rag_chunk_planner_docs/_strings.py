"""The placeholder's own few texts, in each language of the site (the frame's title is the
site's own, from its catalog)."""

from __future__ import annotations

#: The button of an embed that starts on a click (``prompt``).
START = {
    "en": "Start the calculator",
    "pt": "Iniciar a calculadora",
    "de": "Rechner starten",
    "it": "Avvia il calcolatore",
    "pl": "Uruchom kalkulator",
}

#: Shown in the placeholder when the docs are opened as files (file://).
FILE_NOTE = {
    "en": (
        "This calculator runs only when the documentation is served over HTTP: browsers do not "
        "start its Python from files opened directly. Serve the folder, for example with "
        "python3 -m http.server, and open it from there."
    ),
    "pt": (
        "Esta calculadora só funciona quando a documentação é servida por HTTP: os navegadores "
        "não iniciam o seu Python a partir de arquivos abertos diretamente. Sirva a pasta, por "
        "exemplo com python3 -m http.server, e abra-a por lá."
    ),
    "de": (
        "Dieser Rechner läuft nur, wenn die Dokumentation über HTTP ausgeliefert wird: Browser "
        "starten sein Python nicht aus direkt geöffneten Dateien. Stellen Sie den Ordner "
        "bereit, zum Beispiel mit python3 -m http.server, und öffnen Sie ihn von dort."
    ),
    "it": (
        "Questo calcolatore funziona solo quando la documentazione è servita via HTTP: i browser "
        "non avviano il suo Python da file aperti direttamente. Servi la cartella, per esempio "
        "con python3 -m http.server, e aprila da lì."
    ),
    "pl": (
        "Ten kalkulator działa tylko wtedy, gdy dokumentacja jest udostępniana przez HTTP: "
        "przeglądarki nie uruchamiają jego Pythona z plików otwartych bezpośrednio. Udostępnij "
        "folder, na przykład poleceniem python3 -m http.server, i otwórz go stamtąd."
    ),
}
