package sitio

import (
	"bytes"
	"context"
	"database/sql"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Los nombres: NFKC, sin invisibles ni de control, sin alfabetos mezclados,
// sin parecerse a un bot; la clave junta los que se confunden.
func TestNombres(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		entrada, nombre, clave string
		err                    error
	}{
		{entrada: "Ana", nombre: "Ana", clave: "ana"},
		{entrada: "  Ana   Pérez  ", nombre: "Ana Pérez", clave: "ana perez"},
		{entrada: "ＡＮＡ", nombre: "ANA", clave: "ana"},      // ancho completo
		{entrada: "ﬁona", nombre: "fiona", clave: "fiona"}, // ligadura
		{entrada: "O'Brien", nombre: "O'Brien", clave: "obrien"},
		{entrada: "Анна", nombre: "Анна", clave: "ahha"},
		{entrada: "张伟", nombre: "张伟", clave: "张伟"},
		{entrada: "さくら子", nombre: "さくら子", clave: "さくら子"},
		{entrada: "BiII", nombre: "BiII", clave: "biii"},
		{entrada: "Bill", nombre: "Bill", clave: "biii"}, // l e I se confunden
		{entrada: "Ana\u200b", err: ErrNombreConfuso},    // espacio de ancho cero
		{entrada: "\u202eanA", err: ErrNombreConfuso},    // cambio de dirección
		{entrada: "Ana\u200dx", err: ErrNombreConfuso},   // unión de ancho cero
		{entrada: "An\x07a", err: ErrNombreConfuso},
		{entrada: "Аna", err: ErrNombreConfuso}, // A cirílica en un nombre latino
		{entrada: "Ana😀", err: ErrNombreConfuso},
		{entrada: "<script>", err: ErrNombreConfuso},
		{entrada: "Bot experto", err: ErrNombreReservado},
		{entrada: "bot", err: ErrNombreReservado},
		{entrada: "B0t", err: ErrNombreReservado},
		{entrada: "Bót", err: ErrNombreReservado},
		{entrada: "ВОТ", err: ErrNombreReservado}, // cirílicas
		{entrada: "ΒΟΤ", err: ErrNombreReservado}, // griegas
		{entrada: "Ｂｏｔ", err: ErrNombreReservado},
		{entrada: "Invitado 7", err: ErrNombreReservado},
		{entrada: "Guest", err: ErrNombreReservado},
		{entrada: "", err: ErrNombreConfuso},
		{entrada: strings.Repeat("a", 65), err: ErrNombreConfuso},
		{entrada: "\xff", err: ErrNombreConfuso},
	} {
		nombre, clave, err := normalizarNombre(c.entrada)
		if c.err != nil {
			require.Error(t, err, "%q", c.entrada)
			if c.err != ErrNombreConfuso { // los vacíos o largos son almacen.ErrNombreInvalido
				require.ErrorIs(t, err, c.err, "%q", c.entrada)
			}
			continue
		}
		require.NoError(t, err, "%q", c.entrada)
		require.Equal(t, c.nombre, nombre, "%q", c.entrada)
		require.Equal(t, c.clave, clave, "%q", c.entrada)
	}
}

// Las contraseñas se guardan con Argon2id y sal, y se verifican.
func TestContrasenas(t *testing.T) {
	t.Parallel()
	r1, err := resumirContrasena("una contraseña")
	require.NoError(t, err)
	r2, _ := resumirContrasena("una contraseña")
	require.NotEqual(t, r1, r2, "con sal")
	require.True(t, strings.HasPrefix(r1, "$argon2id$v=19$m=19456,t=2,p=1$"), r1)
	require.True(t, verificarContrasena(r1, "una contraseña"))
	require.False(t, verificarContrasena(r1, "otra contraseña"))
	require.False(t, verificarContrasena("$argon2id$v=19$m=99999999,t=2,p=1$AAAA$AAAA", "x"), "parámetros desmedidos")
	require.False(t, verificarContrasena("basura", "x"))
	_, err = normalizarContrasena("corta")
	require.ErrorIs(t, err, ErrContrasena)
	c, err := normalizarContrasena("espacio\u00a0duro")
	require.NoError(t, err)
	require.Equal(t, "espacio duro", c)
}

// TestSeguridad repite los ataques de la tabla de seguridad contra el
// servidor: con el nombre solo no se entra, una sesión salida o vencida no
// sirve, un pedido de otro sitio se rechaza, y nadie juega ni ve las
// partidas de otro.
func TestSeguridad(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, base := abrirSala(t, sinCotas(Opciones{DB: filepath.Join(dir, "web.db"), VidaSesion: time.Hour}))
	ana := alta(t, base, "Ana", "contraseña de ana")
	var r respuestaSesion

	t.Run("nombre robado", func(t *testing.T) {
		ladron := nuevoCliente(base)
		for _, c := range []credenciales{{Nombre: "Ana"}, {Nombre: "ana", Contrasena: "contraseña de otro"}, {Nombre: "ANA", Contrasena: "12345678"}} {
			require.Equal(t, 401, ladron.pedir(t, "POST", "/api/entrar", c, &r))
			require.Equal(t, "credenciales", r.Codigo)
		}
		require.Equal(t, 401, ladron.pedir(t, "GET", "/api/partidas", nil, nil))
		// Ni darse de alta con un nombre que se confunde con el suyo.
		for _, n := range []string{"ANA", "ana", "Ａｎａ", "Анa"} {
			code := ladron.pedir(t, "POST", "/api/cuentas", credenciales{Nombre: n, Contrasena: "12345678"}, &r)
			require.Contains(t, []int{400, 409}, code, n)
		}
	})

	t.Run("invitado", func(t *testing.T) {
		g := invitado(t, base)
		require.True(t, strings.HasPrefix(g.nombre, "Invitado "), g.nombre)
		otro := nuevoCliente(base)
		require.Equal(t, 401, otro.pedir(t, "POST", "/api/entrar", credenciales{Nombre: g.nombre, Contrasena: ""}, &r))
		require.Equal(t, 401, otro.pedir(t, "POST", "/api/entrar", credenciales{Nombre: g.nombre, Contrasena: "12345678"}, &r))
		require.Equal(t, 400, otro.pedir(t, "POST", "/api/cuentas", credenciales{Nombre: g.nombre, Contrasena: "12345678"}, &r))
	})

	t.Run("sesiones distintas, guardadas resumidas", func(t *testing.T) {
		c1, c2 := nuevoCliente(base), nuevoCliente(base)
		require.Equal(t, 200, c1.pedir(t, "POST", "/api/entrar", credenciales{Nombre: "ana", Contrasena: "contraseña de ana"}, &r))
		c1.entro(r)
		require.Equal(t, 200, c2.pedir(t, "POST", "/api/entrar", credenciales{Nombre: "Ana", Contrasena: "contraseña de ana"}, &r))
		c2.entro(r)
		f1, f2 := fichaDe(t, c1), fichaDe(t, c2)
		require.NotEqual(t, f1, f2)
		require.NotEqual(t, c1.csrf, c2.csrf)
		require.Len(t, f1, 43, "32 bytes al azar")
		// El almacén no tiene la ficha, solo su resumen.
		db, err := os.ReadFile(filepath.Join(dir, "web.db"))
		require.NoError(t, err)
		wal, _ := os.ReadFile(filepath.Join(dir, "web.db-wal"))
		require.False(t, bytes.Contains(append(db, wal...), []byte(f1)))
		require.True(t, bytes.Contains(append(db, wal...), resumirFicha(f1)))
		// Salir revoca esa sesión y no la otra.
		require.Equal(t, 200, c1.pedir(t, "POST", "/api/salir", nil, nil))
		viejo := nuevoCliente(base)
		viejo.http.Jar.SetCookies(urlDe(t, base), []*http.Cookie{{Name: nombreSesion, Value: f1}})
		viejo.csrf = c1.csrf
		require.Equal(t, 401, viejo.pedir(t, "GET", "/api/yo", nil, nil), "sesión repetida después de salir")
		require.Equal(t, 401, viejo.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:experto"}}, nil))
		require.Equal(t, 200, c2.pedir(t, "GET", "/api/yo", nil, nil))
	})

	t.Run("cookie", func(t *testing.T) {
		c := nuevoCliente(base)
		req, _ := http.NewRequest("POST", base+"/api/entrar", strings.NewReader(`{"nombre":"Ana","contrasena":"contraseña de ana"}`))
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.http.Do(req)
		require.NoError(t, err)
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		sc := resp.Header.Get("Set-Cookie")
		require.Contains(t, sc, "HttpOnly")
		require.Contains(t, sc, "SameSite=Strict")
		require.Contains(t, sc, "Path=/")
		require.NotContains(t, sc, "Secure", "sin TLS")
		require.NotContains(t, string(b), fichaDe(t, c), "la ficha no va en el cuerpo, solo en la cookie")
	})

	t.Run("pedidos de otro sitio", func(t *testing.T) {
		c := nuevoCliente(base)
		// Un formulario de otro sitio: text/plain, sin CORS.
		code, err := c.pedirCon("POST", "/api/entrar", credenciales{Nombre: "Ana", Contrasena: "contraseña de ana"}, &r,
			map[string]string{"Content-Type": "text/plain", "Origin": "http://malo.example"})
		require.NoError(t, err)
		require.Equal(t, 403, code)
		require.Equal(t, "origen", r.Codigo)
		code, _ = c.pedirCon("POST", "/api/entrar", credenciales{Nombre: "Ana", Contrasena: "contraseña de ana"}, &r,
			map[string]string{"Content-Type": "text/plain", "Origin": ""})
		require.Equal(t, 403, code, "text/plain aunque no diga el origen")
		code, _ = c.pedirCon("POST", "/api/entrar", credenciales{Nombre: "Ana", Contrasena: "contraseña de ana"}, &r,
			map[string]string{"Origin": "http://malo.example"})
		require.Equal(t, 403, code, "JSON de otro origen")
		code, _ = c.pedirCon("POST", "/api/entrar", credenciales{Nombre: "Ana", Contrasena: "contraseña de ana"}, &r,
			map[string]string{"Origin": "", "Sec-Fetch-Site": "cross-site"})
		require.Equal(t, 403, code, "Sec-Fetch-Site: cross-site")
		// Con la sesión en la cookie, sin la ficha CSRF o con otra.
		a2 := nuevoCliente(base)
		require.Equal(t, 200, a2.pedir(t, "POST", "/api/entrar", credenciales{Nombre: "Ana", Contrasena: "contraseña de ana"}, &r))
		a2.entro(r)
		for _, csrf := range []string{"", "x", ana.csrf} {
			code, _ = a2.pedirCon("POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:experto"}}, &r,
				map[string]string{"X-CSRF": csrf})
			require.Equal(t, 403, code, "X-CSRF %q", csrf)
		}
		code, _ = a2.pedirCon("POST", "/api/salir", nil, &r, map[string]string{"X-CSRF": ""})
		require.Equal(t, 403, code, "tampoco salir")
		require.Equal(t, 200, a2.pedir(t, "GET", "/api/yo", nil, nil))
	})

	t.Run("asientos y partidas ajenas", func(t *testing.T) {
		beto := alta(t, base, "Beto", "contraseña de beto")
		var m sentado
		require.Equal(t, 200, ana.pedir(t, "POST", "/api/mesas", pedidoMesa{Reglas: "es-clasica", Asientos: []string{"yo", "bot:principiante"}}, &m))
		require.NotZero(t, m.Partida)
		var ps []resumenPartida
		require.Equal(t, 200, beto.pedir(t, "GET", "/api/partidas", nil, &ps))
		require.Empty(t, ps, "beto no ve las partidas de ana")
		require.Equal(t, 200, ana.pedir(t, "GET", "/api/partidas", nil, &ps))
		require.Len(t, ps, 1)
		ctx, cancelar := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancelar()
		ws := conectar(t, ctx, base, beto)
		defer ws.CloseNow()
		require.NoError(t, escribir(ctx, ws, mensajeCliente{Tipo: "entrar", Partida: &m.Partida}))
		e := esperarTipo(t, ctx, ws, "error")
		require.Equal(t, "asiento", e.Codigo)
		require.NoError(t, escribir(ctx, ws, mensajeCliente{Tipo: "pasar"}))
		require.Equal(t, "entrar", esperarTipo(t, ctx, ws, "error").Codigo)
		p, _ := s.cargar(ctx, m.Partida)
		require.Zero(t, p.mesa.Movimientos())
	})

	t.Run("sesión vencida", func(t *testing.T) {
		s2, base2 := abrirSala(t, sinCotas(Opciones{VidaSesion: 300 * time.Millisecond}))
		req, _ := http.NewRequest("POST", base2+"/api/invitado", strings.NewReader(`{}`))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		require.Len(t, resp.Cookies(), 1)
		// La ficha en Authorization (como un programa): el navegador ya
		// habría tirado la cookie vencida, el servidor la rechaza igual.
		portador := map[string]string{"Authorization": "Bearer " + resp.Cookies()[0].Value}
		code, err := nuevoCliente(base2).pedirCon("GET", "/api/yo", nil, nil, portador)
		require.NoError(t, err)
		require.Equal(t, 200, code)
		time.Sleep(350 * time.Millisecond)
		code, _ = nuevoCliente(base2).pedirCon("GET", "/api/yo", nil, nil, portador)
		require.Equal(t, 401, code)
		n, err := s2.almacen.BorrarVencidas(context.Background(), time.Now())
		require.NoError(t, err)
		require.Equal(t, 1, n)
	})
}

// Con TLS la cookie es Secure.
func TestCookieSegura(t *testing.T) {
	t.Parallel()
	s, err := Abrir(sinCotas(Opciones{DB: filepath.Join(t.TempDir(), "web.db"), Registro: io.Discard}))
	require.NoError(t, err)
	defer s.Cerrar()
	ts := httptest.NewTLSServer(s.Manejador())
	defer ts.Close()
	req, _ := http.NewRequest("POST", ts.URL+"/api/invitado", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := ts.Client().Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	require.Contains(t, resp.Header.Get("Set-Cookie"), "; Secure")
	require.Equal(t, "max-age=31536000", resp.Header.Get("Strict-Transport-Security"))
}

// Una base de la versión anterior (nombres sin cuenta) sigue abriendo: sus
// jugadores quedan en la clasificación, pero nadie entra con su nombre.
func TestJugadoresSinCuenta(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ruta := filepath.Join(dir, "web.db")
	s, base := abrirSala(t, sinCotas(Opciones{DB: ruta}))
	_, err := s.almacen.CrearJugador(context.Background(), "Viejo", "es")
	require.NoError(t, err)
	c := nuevoCliente(base)
	var r respuestaSesion
	require.Equal(t, 401, c.pedir(t, "POST", "/api/entrar", credenciales{Nombre: "Viejo", Contrasena: "12345678"}, &r))
	require.Equal(t, 409, c.pedir(t, "POST", "/api/cuentas", credenciales{Nombre: "viejo", Contrasena: "12345678"}, &r))
	db, err := sql.Open("sqlite", "file:"+ruta+"?mode=ro")
	require.NoError(t, err)
	defer db.Close()
	var n int
	require.NoError(t, db.QueryRow("SELECT count(*) FROM cuentas").Scan(&n))
	require.Zero(t, n)
}

// fichaDe devuelve la ficha de sesión de la cookie del cliente.
func fichaDe(t *testing.T, c *cliente) string {
	t.Helper()
	for _, k := range c.http.Jar.Cookies(urlDe(t, c.base)) {
		if k.Name == nombreSesion {
			return k.Value
		}
	}
	t.Fatal("sin cookie de sesión")
	return ""
}

func urlDe(t *testing.T, base string) *url.URL {
	t.Helper()
	u, err := url.Parse(base)
	require.NoError(t, err)
	return u
}
