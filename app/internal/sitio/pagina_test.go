package sitio

import (
	"io"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPaginaModulos: la página es un grafo de módulos ES nativos: el HTML
// carga principal.js con type="module", cada import apunta a un archivo
// embebido, cada módulo se sirve como text/javascript y la CSP deja
// cargarlos (solo del mismo origen).
func TestPaginaModulos(t *testing.T) {
	t.Parallel()
	_, base := abrirSala(t, sinCotas(Opciones{}))
	pagina, err := fs.Sub(estatico, "estatico")
	require.NoError(t, err)
	html, err := fs.ReadFile(pagina, "index.html")
	require.NoError(t, err)
	require.Contains(t, string(html), `<script type="module" src="principal.js"></script>`)
	require.Equal(t, 1, strings.Count(string(html), "<script"), "ningún script clásico")

	importa := regexp.MustCompile(`(?m)^import (?:[^"]* from )?"\./([a-z]+\.js)";$`)
	vistos := map[string]bool{}
	pendientes := []string{"principal.js"}
	for len(pendientes) > 0 {
		m := pendientes[0]
		pendientes = pendientes[1:]
		if vistos[m] {
			continue
		}
		vistos[m] = true
		src, err := fs.ReadFile(pagina, m)
		require.NoError(t, err, "el módulo %s que se importa", m)
		for _, x := range importa.FindAllStringSubmatch(string(src), -1) {
			pendientes = append(pendientes, x[1])
		}
		r, err := http.Get(base + "/" + m)
		require.NoError(t, err)
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
		require.Equal(t, http.StatusOK, r.StatusCode, m)
		require.Equal(t, "text/javascript; charset=utf-8", r.Header.Get("Content-Type"), m)
		require.Equal(t, "nosniff", r.Header.Get("X-Content-Type-Options"))
		csp := r.Header.Get("Content-Security-Policy")
		require.Contains(t, csp, "default-src 'self'")
		require.NotContains(t, csp, "script-src", "los módulos se cargan por default-src 'self'")
	}
	todos, err := fs.Glob(pagina, "*.js")
	require.NoError(t, err)
	require.Len(t, vistos, len(todos), "cada módulo se importa desde principal.js: %v", todos)
}

// TestPaginaUnSoloEscritor: fuera de estado.js ningún módulo asigna un
// campo del estado (todo cambio pasa por actualizar; además el estado está
// congelado), y la página no calcula puntajes: ninguna regla del juego en
// el JavaScript (el bingo, los premios por palabra), solo el tanteo que
// manda el servidor.
func TestPaginaUnSoloEscritor(t *testing.T) {
	t.Parallel()
	pagina, err := fs.Sub(estatico, "estatico")
	require.NoError(t, err)
	todos, err := fs.Glob(pagina, "*.js")
	require.NoError(t, err)
	require.Contains(t, todos, "estado.js")
	asigna := regexp.MustCompile(`estado(?:\.[A-Za-z]+)+ *(?:=[^=]|\+\+|--|[-+*/]=)|estado\[[^\]]*\] *=[^=]`)
	reglas := regexp.MustCompile(`bingo|premios\[[^\]]*\]\[[^\]]*\] *===? *"[pP]"|mult \*=`)
	for _, m := range todos {
		src, err := fs.ReadFile(pagina, m)
		require.NoError(t, err)
		if m != "estado.js" {
			require.Empty(t, asigna.FindAllString(string(src), -1), "%s asigna campos del estado", m)
			require.NotContains(t, string(src), "export let estado", m)
		}
		require.Empty(t, reglas.FindAllString(string(src), -1), "%s calcula puntajes", m)
	}
	// La prueba puede fallar: reconoce una asignación y un cálculo.
	require.NotEmpty(t, asigna.FindString(`estado.juego.mano = []`))
	require.NotEmpty(t, asigna.FindString(`estado.revPaso++`))
	require.NotEmpty(t, reglas.FindString(`if (pr === "P") mult *= 3; total += e.bingo`))
}
