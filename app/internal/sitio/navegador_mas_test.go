package sitio

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/device"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/internal/programa/lexicos"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
)

// cookieSesion devuelve la cookie de sesión de la pestaña (HttpOnly: la
// página no la ve, el protocolo de depuración sí).
func cookieSesion(t *testing.T, p *pestana, base string) string {
	t.Helper()
	var cs []*network.Cookie
	p.hacer(t, chromedp.ActionFunc(func(ctx context.Context) error {
		var err error
		cs, err = network.GetCookies().WithURLs([]string{base}).Do(ctx)
		return err
	}))
	for _, c := range cs {
		if c.Name == nombreSesion {
			require.True(t, c.HTTPOnly)
			require.Equal(t, network.CookieSameSiteStrict, c.SameSite)
			return c.Value
		}
	}
	t.Fatal("sin cookie de sesión")
	return ""
}

// ponerCookie pone a mano la cookie de sesión en la pestaña (sin
// vencimiento del lado del navegador), como quien la robó o la repite.
func ponerCookie(t *testing.T, p *pestana, base, valor string) {
	t.Helper()
	p.hacer(t, chromedp.ActionFunc(func(ctx context.Context) error {
		return network.SetCookie(nombreSesion, valor).WithURL(base).WithPath("/").WithHTTPOnly(true).Do(ctx)
	}))
}

// enEntrada informa si la pestaña muestra la vista de entrar, sin la barra
// de navegación.
func enEntrada(t *testing.T, p *pestana) bool {
	t.Helper()
	var ok bool
	p.hacer(t, esperar(`document.querySelector('#vista-cargando').hidden`))
	p.eval(t, `!document.querySelector('#vista-entrar').hidden && document.querySelector('#nav').hidden`, &ok)
	return ok
}

// TestNavegadorSeguridad: alta y entrada con contraseña; otra persona, en
// otro contexto del navegador, no puede actuar por la primera: ni con su nombre, ni repitiendo su sesión
// después de que salió, ni con una sesión vencida, ni desde otro sitio
// (un formulario, un fetch o un WebSocket de una página de 127.0.0.2), ni
// entrando a su asiento.
func TestNavegadorSeguridad(t *testing.T) {
	pruebas.SoloLargas(t)
	s, base := abrirSala(t, sinCotas(Opciones{}))
	a := navegador(t, 1100, 900)
	darseDeAlta(t, a, base, "Ana", "contraseña de ana")
	b := otroContexto(t, a)

	// El nombre solo no alcanza, ni con otra contraseña; ni un nombre que
	// se confunde con el suyo.
	b.hacer(t, chromedp.Navigate(base), visible(`#nombre`),
		chromedp.SendKeys(`#nombre`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`#contrasena`, "12345678", chromedp.ByQuery), clic(`#btn-entrar`),
		esperar(`document.querySelector('#error-entrar').textContent.length > 0`))
	require.Contains(t, b.texto(t, `#error-entrar`), "Nombre o contraseña incorrectos")
	require.True(t, enEntrada(t, b))
	for _, nombre := range []string{"ANA", "Аna"} {
		var nada string
		b.eval(t, `document.querySelector('#error-entrar').textContent = ''`, &nada)
		b.hacer(t, chromedp.SetValue(`#alta-nombre`, nombre, chromedp.ByQuery), chromedp.SetValue(`#alta-contrasena`, "12345678", chromedp.ByQuery),
			clic(`#btn-alta`), esperar(`document.querySelector('#error-entrar').textContent.length > 0`))
		require.True(t, enEntrada(t, b), nombre)
	}

	// Ana juega contra un bot; el invitado de al lado no entra a su asiento.
	a.hacer(t, visible(`#asiento-1`), chromedp.SetValue(`#asiento-1`, "bot:principiante", chromedp.ByQuery), clic(`#btn-crear`),
		visible(`#tablero .celda`))
	pa := laPartida(t, s)
	b.hacer(t, clic(`#btn-invitado`), visible(`#btn-crear`))
	var codigo string
	b.eval(t, fmt.Sprintf(`new Promise((listo) => { const ws = new WebSocket("ws://" + location.host + "/ws");
		ws.onopen = () => ws.send(JSON.stringify({tipo: "entrar", partida: %d}));
		ws.onmessage = (ev) => { listo(JSON.parse(ev.data).codigo); ws.close(); }; })`, pa.id), &codigo)
	require.Equal(t, "asiento", codigo)

	// Desde otro sitio: un formulario text/plain, un fetch con las cookies
	// y un WebSocket; nada cambia.
	malo := paginaMala(t, base, pa.id)
	a.hacer(t, chromedp.Navigate(malo), esperar(`document.title === 'listo'`))
	var informe string
	a.eval(t, `document.body.dataset.informe`, &informe)
	require.Contains(t, informe, "ws:error", "el WebSocket de otro origen se rechaza")
	require.Contains(t, informe, "yo:bloqueado", "la página de otro sitio no lee /api/yo")
	time.Sleep(300 * time.Millisecond)
	require.Zero(t, pa.mesa.Movimientos(), "la partida no cambió")
	require.Empty(t, s.Abiertas(), "no se creó ninguna mesa")
	require.Len(t, s.EnJuego(), 1, "ni ninguna partida")

	// Salir revoca la sesión: repetida en el otro contexto, no sirve.
	a.hacer(t, chromedp.Navigate(base), visible(`#nav-salir`))
	robada := cookieSesion(t, a, base)
	a.hacer(t, clic(`#nav-salir`), visible(`#form-entrar`))
	var navOculta bool
	a.eval(t, `document.querySelector('#nav').hidden`, &navOculta)
	require.True(t, navOculta)
	// Ana vuelve a entrar con su contraseña: otra sesión.
	a.hacer(t, chromedp.SendKeys(`#nombre`, "ana", chromedp.ByQuery), chromedp.SendKeys(`#contrasena`, "contraseña de ana", chromedp.ByQuery),
		clic(`#btn-entrar`), visible(`#btn-crear`))
	require.Equal(t, "Ana", a.texto(t, `#quien`))
	require.NotEqual(t, robada, cookieSesion(t, a, base), "cada entrada, una sesión nueva")
	c := otroContexto(t, a)
	ponerCookie(t, c, base, robada)
	c.hacer(t, chromedp.Navigate(base))
	require.True(t, enEntrada(t, c), "la sesión repetida después de salir")

	// Una sesión vencida tampoco, aunque el navegador la conserve.
	_, base2 := abrirSala(t, sinCotas(Opciones{VidaSesion: 2 * time.Second}))
	d := otroContexto(t, a)
	darseDeAlta(t, d, base2, "Beto", "contraseña de beto")
	vieja := cookieSesion(t, d, base2)
	time.Sleep(2100 * time.Millisecond)
	ponerCookie(t, d, base2, vieja)
	d.hacer(t, chromedp.Navigate(base2))
	require.True(t, enEntrada(t, d), "la sesión vencida")
}

// paginaMala sirve, desde 127.0.0.2 (otro sitio), una página que ataca a
// la sala de base: manda un formulario text/plain que parece JSON a
// /api/mesas, hace un fetch con las cookies a /api/mesas y a /api/yo, y
// abre un WebSocket para jugar la partida id. Deja lo que pasó en
// data-informe del body y el título en "listo".
func paginaMala(t *testing.T, base string, id int64) string {
	t.Helper()
	pagina := `<!doctype html><html><head><title>…</title></head><body>
<iframe name="destino" style="display:none"></iframe>
<form id="f" method="POST" action="` + base + `/api/mesas" enctype="text/plain" target="destino">
<input name='{"reglas":"es-clasica","asientos":["yo","bot:experto"],"x":"' value='"}'>
</form>
<script>
const informe = [];
document.getElementById("f").submit();
fetch("` + base + `/api/mesas", {method: "POST", credentials: "include", mode: "no-cors",
  headers: {"Content-Type": "text/plain"}, body: '{"reglas":"es-clasica","asientos":["yo","bot:experto"]}'});
fetch("` + base + `/api/yo", {credentials: "include"}).then(() => informe.push("yo:leido"), () => informe.push("yo:bloqueado"))
.finally(() => {
  const ws = new WebSocket("` + "ws" + strings.TrimPrefix(base, "http") + `/ws");
  ws.onopen = () => { ws.send(JSON.stringify({tipo: "entrar", partida: ` + fmt.Sprint(id) + `})); ws.send('{"tipo":"rendirse"}'); informe.push("ws:abierto"); };
  ws.onerror = () => informe.push("ws:error");
  setTimeout(() => { document.body.dataset.informe = informe.join(" "); document.title = "listo"; }, 800);
});
</script></body></html>`
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	require.NoError(t, err)
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(pagina))
	}))
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	return ts.URL
}

// TestNavegadorReloj: una partida con un reloj de 3 s sin exceso: el reloj
// de la página corre, la bandera cae sin que nadie haga nada, y la página
// muestra que se acabó el tiempo; la revancha empieza con el mismo reloj.
func TestNavegadorReloj(t *testing.T) {
	pruebas.SoloLargas(t)
	s, base := abrirSala(t, sinCotas(Opciones{}))
	p := navegador(t, 1100, 900)
	p.hacer(t, chromedp.Navigate(base), visible(`#btn-invitado`), clic(`#btn-invitado`), visible(`#btn-crear`))
	var nada any
	// Un reloj que el vestíbulo no ofrece: la mesa se pide con los módulos
	// de la página (los mismos que carga ella: import() los comparte).
	p.eval(t, `Promise.all([import("/red.js"), import("/sala.js")]).then(([red, sala]) =>
		red.api("POST", "/api/mesas", {reglas: "es-clasica", asientos: ["yo", "bot:principiante"], reloj: {inicial: 3, penalizacion: 0, exceso: 0}}).then(sala.sentarse))`, &nada)
	p.hacer(t, visible(`#tablero .celda`), esperar(`document.querySelector('#marcador .reloj').textContent !== ''`))
	var r0 string
	p.eval(t, `document.querySelector('#marcador .reloj').textContent`, &r0)
	require.Regexp(t, `^0:0[0-3]$`, r0)
	p.hacer(t, esperar(`!document.querySelector('#final').hidden`))
	require.Contains(t, p.texto(t, `#final`), "se le acabó el tiempo")
	require.Contains(t, p.texto(t, `#planilla`), "pierde por tiempo")
	var clase string
	p.eval(t, `document.querySelector('#marcador .reloj').className + ' ' + document.querySelector('#marcador .reloj').textContent`, &clase)
	require.Contains(t, clase, "0:0")
	pa := laPartida(t, s)
	require.Equal(t, "bandera", pa.final().Motivo)
	// La revancha contra el bot empieza enseguida, con el mismo reloj y los
	// asientos corridos: empieza el bot.
	p.hacer(t, clic(`#btn-revancha`), esperar(fmt.Sprintf(`!['', '%d'].includes(document.querySelector('#vista-juego').dataset.partida)`, pa.id)), visible(`#tablero .celda`))
	nueva := laPartida(t, s)
	require.NotEqual(t, pa.id, nueva.id)
	require.Equal(t, 3*time.Second, nueva.reloj.Inicial)
	require.Equal(t, "principiante", nueva.asientos[0].Nivel)
}

// TestNavegadorEspectador: quien mira una partida ajena la ve sin los
// atriles ni los botones, y ve cada jugada cuando ocurre.
func TestNavegadorEspectador(t *testing.T) {
	pruebas.SoloLargas(t)
	_, base := abrirSala(t, sinCotas(Opciones{}))
	id, cs := partidaDeDos(t, base, relojTorneo)
	p := navegador(t, 1100, 900)
	p.hacer(t, chromedp.Navigate(base), visible(`#btn-invitado`), clic(`#btn-invitado`), visible(`#nav-mirar`),
		clic(`#nav-mirar`), visible(fmt.Sprintf(`#tabla-mirar button[data-partida="%d"]`, id)),
		clic(fmt.Sprintf(`#tabla-mirar button[data-partida="%d"]`, id)), visible(`#tablero .celda`))
	require.Contains(t, p.texto(t, `#estado-turno`), "Está mirando")
	var oculto bool
	p.eval(t, `document.querySelector('#atril').hidden && document.querySelector('#botones').hidden`, &oculto)
	require.True(t, oculto)
	// La presencia: ningún jugador conectado (○ los dos) y un espectador,
	// este.
	conectados := `[...document.querySelectorAll('#marcador .presencia')].map(e => e.textContent + (e.classList.contains('conectado') ? 'si' : 'no')).join(',')`
	p.hacer(t, esperar(conectados+` === '○ no,○ no'`))
	require.Contains(t, p.texto(t, `#info-partida`), "espectadores: 1")
	ctx, cancelar := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancelar()
	pasos := guion(t)
	for n := range 2 {
		ws, _ := entrarWS(t, ctx, base, cs[n%2], id)
		// El que entró aparece conectado (●); al irse, otra vez ○.
		if n%2 == 0 {
			p.hacer(t, esperar(conectados+` === '● si,○ no'`))
		} else {
			p.hacer(t, esperar(conectados+` === '○ no,● si'`))
		}
		require.NoError(t, escribir(ctx, ws, pasos[n]))
		esperarTipo(t, ctx, ws, "jugada")
		ws.CloseNow()
		p.hacer(t, esperar(fmt.Sprintf(`document.querySelectorAll('#planilla tbody tr').length === %d`, n+1)))
		p.hacer(t, esperar(conectados+` === '○ no,○ no'`))
	}
	var fichas, total int
	p.eval(t, `document.querySelectorAll('#tablero .ficha').length`, &fichas)
	require.Equal(t, len(pasos[0].Fichas)+len(pasos[1].Fichas), fichas)
	p.eval(t, `+document.querySelector('#pendientes-total').dataset.total`, &total)
	require.Equal(t, 100-fichas, total, "sin ver ninguna mano")
}

// TestNavegadorIngles: con la página en inglés, una partida inglesa se ve
// en inglés, y una española en español (el idioma de la partida).
func TestNavegadorIngles(t *testing.T) {
	pruebas.SoloLargas(t)
	lista, ok := lexicos.Ruta(lexicos.Sowpods)
	if !ok {
		t.Skipf("no está %s: la partida en inglés necesita la lista", lexicos.Sowpods)
	}
	_, base := abrirSala(t, sinCotas(Opciones{Ingles: lista, RetardoBot: 100 * time.Millisecond}))
	p := navegador(t, 1100, 900)
	p.hacer(t, chromedp.Navigate(base), visible(`#btn-idioma`), clic(`#btn-idioma`),
		esperar(`document.querySelector('#btn-invitado').textContent === 'Play as a guest'`),
		clic(`#btn-invitado`), visible(`#btn-crear`))
	require.Equal(t, "New game", p.texto(t, `#vista-vestibulo h2`))
	p.hacer(t, visible(`#asiento-1`), chromedp.SetValue(`#reglas`, "en-clasica", chromedp.ByQuery),
		chromedp.SetValue(`#asiento-1`, "bot:principiante", chromedp.ByQuery), clic(`#btn-crear`), visible(`#tablero .celda`),
		esperar(`document.querySelector('#estado-turno').textContent === 'Your turn.'`))
	require.Equal(t, "Play", p.texto(t, `#btn-jugar`))
	require.Equal(t, "Unseen tiles", p.texto(t, `#caja-pendientes summary`))
	var premio, idioma string
	p.eval(t, `getComputedStyle(document.querySelector('#tablero .celda.p-P'), '::before').content`, &premio)
	require.Equal(t, `"3W"`, premio)
	p.eval(t, `document.documentElement.lang`, &idioma)
	require.Equal(t, "en", idioma)
	// Un rechazo, en inglés.
	p.hacer(t, clic(`#atril .ficha:not(.usada)`))
	var comodin bool
	p.eval(t, `document.querySelector('#dialogo-comodin').open`, &comodin)
	if comodin {
		p.hacer(t, clic(`#letras-comodin button`))
	}
	p.hacer(t, clic(`#tablero .celda[data-f="0"][data-c="0"]`), clic(`#btn-jugar`),
		esperar(`document.querySelector('#mensaje').textContent.length > 0`))
	require.Contains(t, p.texto(t, `#mensaje`), "Invalid play")
	// Una partida española, con la página en inglés: en español.
	p.hacer(t, clic(`#nav-jugar`), visible(`#asiento-1`), chromedp.SetValue(`#reglas`, "es-clasica", chromedp.ByQuery),
		chromedp.SetValue(`#asiento-1`, "bot:principiante", chromedp.ByQuery), clic(`#btn-crear`),
		esperar(`document.querySelector('#estado-turno').textContent === 'Es su turno.'`))
	require.Equal(t, "Jugar", p.texto(t, `#btn-jugar`))
	p.hacer(t, clic(`#nav-jugar`), esperar(`document.querySelector('#vista-vestibulo h2').textContent === 'New game'`))
}

// TestNavegadorTelefono: la partida en un teléfono (iPhone 12: 390×844,
// táctil): nada se sale del ancho de la pantalla, el tablero entra entero,
// las fichas del atril se pueden tocar (≥ 40 px) y se juega tocando. Con
// PALABRAS_CAPTURA=1 guarda docs/web-telefono.png.
func TestNavegadorTelefono(t *testing.T) {
	pruebas.SoloLargas(t)
	s, base := abrirSala(t, sinCotas(Opciones{RetardoBot: 100 * time.Millisecond}))
	p := navegador(t, 390, 844)
	p.hacer(t, chromedp.Emulate(device.IPhone12), chromedp.Navigate(base), visible(`#btn-invitado`), clic(`#btn-invitado`),
		visible(`#asiento-1`), chromedp.SetValue(`#asiento-1`, "bot:principiante", chromedp.ByQuery),
		chromedp.SetValue(`#reloj`, "1", chromedp.ByQuery), clic(`#btn-crear`), visible(`#tablero .celda`),
		esperar(`document.querySelector('#estado-turno').textContent.includes('Es su turno')`))
	var medidas struct {
		Ancho, Scroll, Tablero, Ficha float64
	}
	p.eval(t, `({ancho: innerWidth, scroll: document.documentElement.scrollWidth,
		tablero: document.querySelector('#tablero').getBoundingClientRect().right,
		ficha: document.querySelector('#atril .ficha').getBoundingClientRect().height})`, &medidas)
	require.Equal(t, 390.0, medidas.Ancho)
	require.LessOrEqual(t, medidas.Scroll, medidas.Ancho, "nada se sale del ancho")
	require.LessOrEqual(t, medidas.Tablero, medidas.Ancho, "el tablero entra entero")
	require.GreaterOrEqual(t, medidas.Ficha, 38.0, "fichas que se pueden tocar")
	pa := laPartida(t, s)
	g, err := s.cat.Generador(pa.v)
	require.NoError(t, err)
	elegir, _ := bot.Nuevo(bot.Avanzado, g)
	d, _ := elegir.Elegir(context.Background(), pa.mesa.Juego())
	require.Equal(t, juego.SucesoColocacion, d.Tipo)
	alf := pa.v.Alfabeto()
	for f := range d.Jugada.Fichas() {
		l := alf.Simbolo(f.Letra)
		if f.Comodin {
			l = "?"
		}
		p.hacer(t, chromedp.Click(fmt.Sprintf(`#atril .ficha[data-letra="%s"]:not(.usada)`, l), chromedp.ByQuery),
			chromedp.Click(fmt.Sprintf(`#tablero .celda[data-f="%d"][data-c="%d"]`, f.Fila, f.Columna), chromedp.ByQuery))
		if f.Comodin {
			p.hacer(t, clic(fmt.Sprintf(`#letras-comodin button[data-letra="%s"]`, alf.Simbolo(f.Letra))))
		}
	}
	p.hacer(t, tanteoListo)
	require.Equal(t, fmt.Sprintf("Esta jugada: +%d", d.Puntos), p.texto(t, `#tanteo`))
	capturarVista(t, p, "web-telefono.png")
	p.hacer(t, clic(`#btn-jugar`), esperar(`document.querySelectorAll('#planilla tbody tr').length >= 2`))
	require.Equal(t, 2, pa.mesa.Movimientos())
}
