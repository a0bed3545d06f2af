package sitio

import (
	"bufio"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// estadoCrudo manda un pedido HTTP escrito a mano (la ruta tal cual, sin
// que un cliente la corrija) y devuelve el estado de la respuesta.
func estadoCrudo(t *testing.T, base, ruta string) int {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	require.NoError(t, err)
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	_, err = c.Write([]byte("GET " + ruta + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	require.NoError(t, err, "%q", ruta)
	resp.Body.Close()
	return resp.StatusCode
}

// Issue 32: GET /%ff respondía 500. Una ruta malformada (no es UTF-8,
// tiene un NUL o caracteres de control, un escape a medias o es larguísima)
// responde 400, nunca 500; las buenas siguen.
func TestRutasMalformadas(t *testing.T) {
	t.Parallel()
	_, base := abrirSala(t, sinCotas(Opciones{}))
	for _, ruta := range []string{"/%ff", "/%ff%fe", "/%c3", "/a/%ff/b", "/%00", "/index.html%00", "/%0a", "/%7f",
		"/%", "/%zz", "/a%", "/" + strings.Repeat("a", 5000), "/" + strings.Repeat("a/", 3000),
		"/api/partidas/%ff/gcg", "/api/partidas/%ff/revision", "/api/mesas/%00/esperar", "/ws%ff"} {
		require.Equal(t, http.StatusBadRequest, estadoCrudo(t, base, ruta), "%.60q", ruta)
	}
	for ruta, estado := range map[string]int{"/": 200, "/principal.js": 200, "/principa%6c.js": 200, "/no-existe": 404,
		"/api/reglas": 200, "/api/partidas/999/revision": 404} {
		require.Equal(t, estado, estadoCrudo(t, base, ruta), "%q", ruta)
	}
}
