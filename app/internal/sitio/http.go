package sitio

import (
	"bytes"
	"context"
	"crypto/hmac"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/bot"
)

//go:embed estatico
var estatico embed.FS

// maxCuerpo es el largo máximo del cuerpo de un pedido HTTP.
const maxCuerpo = 4096

// Manejador devuelve el http.Handler del servidor: la página (embebida),
// la API JSON bajo /api/ y el WebSocket de juego en /ws.
func (s *Sala) Manejador() http.Handler {
	mux := http.NewServeMux()
	pagina, _ := fs.Sub(estatico, "estatico")
	mux.Handle("GET /", conTipoJS(http.FileServerFS(pagina)))
	mux.HandleFunc("GET /ws", s.manejarWS)
	// Cuentas y sesiones.
	mux.HandleFunc("POST /api/cuentas", s.api(s.apiAlta, sinSesion))
	mux.HandleFunc("POST /api/entrar", s.api(s.apiEntrar, sinSesion))
	mux.HandleFunc("POST /api/invitado", s.api(s.apiInvitado, sinSesion))
	mux.HandleFunc("POST /api/salir", s.api(s.apiSalir, conSesion))
	mux.HandleFunc("GET /api/yo", s.api(s.apiYo, conSesion))
	// El vestíbulo.
	mux.HandleFunc("GET /api/reglas", s.api(s.apiReglas, sinSesion))
	mux.HandleFunc("GET /api/mesas", s.api(s.apiMesas, sinSesion))
	mux.HandleFunc("POST /api/mesas", s.api(s.apiCrear, conSesion))
	mux.HandleFunc("POST /api/mesas/{id}/unirse", s.api(s.apiUnirse, conSesion))
	mux.HandleFunc("POST /api/mesas/{id}/dejar", s.api(s.apiDejar, conSesion))
	mux.HandleFunc("GET /api/mesas/{id}/esperar", s.api(s.apiEsperar, conSesion))
	mux.HandleFunc("GET /api/partidas", s.api(s.apiMisPartidas, conSesion))
	mux.HandleFunc("GET /api/en-juego", s.api(s.apiEnJuego, sinSesion))
	mux.HandleFunc("GET /api/clasificacion", s.api(s.apiClasificacion, sinSesion))
	// Las partidas terminadas.
	mux.HandleFunc("GET /api/partidas/{id}/gcg", s.limitar(s.manejarGCG))
	mux.HandleFunc("GET /api/partidas/{id}/revision", s.api(s.apiRevision, sinSesion))
	mux.HandleFunc("POST /api/partidas/{id}/revancha", s.api(s.apiRevancha, conSesion))
	return cabeceras(rutaValida(mux))
}

// maxRuta es el largo máximo de la ruta de un pedido, escapada.
const maxRuta = 2048

// rutaValida responde 400 a una ruta malformada antes de que llegue a un
// manejador: una que no es UTF-8 una vez desescapada ("/%ff"), con un NUL
// u otro carácter de control, o de más de maxRuta bytes. (Un escape a
// medias, "/%", lo rechaza con 400 el propio net/http.) Sin esto, el
// servidor de archivos respondía 500 a "/%ff".
func rutaValida(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		malo := len(r.URL.EscapedPath()) > maxRuta || !utf8.ValidString(p) ||
			strings.ContainsFunc(p, func(c rune) bool { return c < 0x20 || c == 0x7f })
		if malo {
			responderError(w, r, fmt.Errorf("%w: ruta malformada", ErrMensajeInvalido))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// conTipoJS sirve los módulos de la página (.js) como text/javascript,
// sin depender de las tablas MIME del sistema: un módulo ES servido con
// otro tipo no corre (X-Content-Type-Options: nosniff).
func conTipoJS(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".js") {
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		}
		h.ServeHTTP(w, r)
	})
}

// cabeceras agrega las cabeceras de seguridad a todas las respuestas.
func cabeceras(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("Cross-Origin-Opener-Policy", "same-origin")
		if r.TLS != nil {
			w.Header().Set("Strict-Transport-Security", "max-age=31536000")
		}
		h.ServeHTTP(w, r)
	})
}

// Clases de rutas de la API.
const (
	sinSesion = iota // cualquiera
	conSesion        // una sesión válida
)

// pedido es lo que recibe un manejador de la API: el cuerpo ya leído y la
// sesión, si la ruta la pide.
type pedido struct {
	w      http.ResponseWriter
	r      *http.Request
	cuerpo []byte
	sesion sesionAbierta
	idioma string
}

// limitar aplica el límite de pedidos por dirección (Opciones.APIPorSegundo)
// a un manejador.
func (s *Sala) limitar(f http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.ritmo.permitir(direccionDe(r)) {
			w.Header().Set("Retry-After", "1")
			responderError(w, r, ErrDemasiados)
			return
		}
		f(w, r)
	}
}

// api adapta un manejador de la API: limita los pedidos de cada dirección,
// lee el cuerpo (acotado, en el plazo de saludo), verifica que un pedido que
// cambia algo venga de esta página (origen, JSON, ficha CSRF), verifica la
// sesión si la ruta la pide, y escribe la respuesta o el error en JSON.
func (s *Sala) api(f func(context.Context, pedido) (any, error), clase int) http.HandlerFunc {
	return s.limitar(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		cuerpo, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxCuerpo))
		if err != nil {
			responderError(w, r, ErrMensajeGrande)
			return
		}
		pe := pedido{w: w, r: r, cuerpo: cuerpo, idioma: idiomaDe(r)}
		cambia := r.Method != http.MethodGet && r.Method != http.MethodHead
		if cambia {
			// Un formulario de otro sitio no puede mandar JSON sin permiso
			// (CORS), ni la cabecera X-CSRF; Sec-Fetch-Site y Origin dicen de
			// dónde viene.
			tipo, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
			if tipo != "application/json" || !origenPropio(r, s.op.Origenes) {
				responderError(w, r, ErrOrigen)
				return
			}
		}
		if clase == conSesion {
			if pe.sesion, err = s.sesionDe(r.Context(), r); err != nil {
				responderError(w, r, err)
				return
			}
			if cambia && pe.sesion.cookie && !hmac.Equal([]byte(r.Header.Get("X-CSRF")), []byte(pe.sesion.csrf)) {
				responderError(w, r, ErrOrigen)
				return
			}
		}
		res, err := f(r.Context(), pe)
		if err != nil {
			if estadoHTTP(err) == http.StatusInternalServerError {
				s.registrar("%s %s: %v", r.Method, r.URL.Path, err)
			}
			responderError(w, r, err)
			return
		}
		json.NewEncoder(w).Encode(res)
	})
}

// idiomaDe es el idioma de los textos de un pedido: "en" si la página
// (X-Idioma) o el navegador (Accept-Language) lo piden primero.
func idiomaDe(r *http.Request) string {
	if i := r.Header.Get("X-Idioma"); i != "" {
		return idiomaValido(i)
	}
	al := r.Header.Get("Accept-Language")
	if len(al) >= 2 && (al[:2] == "en" || al[:2] == "EN") {
		return "en"
	}
	return "es"
}

func responderError(w http.ResponseWriter, r *http.Request, err error) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(estadoHTTP(err))
	json.NewEncoder(w).Encode(map[string]string{"error": textoDe(err, idiomaDe(r)), "codigo": codigoDe(err)})
}

// decodificar lee un único valor JSON sin campos desconocidos.
func decodificar(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("%w: %v", ErrMensajeInvalido, err)
	}
	if d.More() {
		return fmt.Errorf("%w: sobra texto después del JSON", ErrMensajeInvalido)
	}
	return nil
}

// decodificarOpcional es decodificar, pero un cuerpo vacío es el valor
// cero.
func decodificarOpcional(b []byte, v any) error {
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	return decodificar(b, v)
}

func idDeRuta(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, fmt.Errorf("%w: identificador %q", ErrMensajeInvalido, r.PathValue("id"))
	}
	return id, nil
}

func (s *Sala) apiAlta(ctx context.Context, pe pedido) (any, error) {
	var c credenciales
	if err := decodificar(pe.cuerpo, &c); err != nil {
		return nil, err
	}
	if !s.altas.permitir(direccionDe(pe.r)) {
		return nil, ErrDemasiados
	}
	j, err := s.Alta(ctx, c)
	if err != nil {
		return nil, err
	}
	return s.abrirSesion(ctx, pe.w, pe.r, j, false)
}

func (s *Sala) apiEntrar(ctx context.Context, pe pedido) (any, error) {
	var c credenciales
	if err := decodificar(pe.cuerpo, &c); err != nil {
		return nil, err
	}
	dir := direccionDe(pe.r)
	if !s.intentos.permitir(dir) {
		return nil, ErrDemasiados
	}
	j, err := s.entrarDesde(ctx, c, dir)
	if err != nil {
		return nil, err
	}
	return s.abrirSesion(ctx, pe.w, pe.r, j, false)
}

func (s *Sala) apiInvitado(ctx context.Context, pe pedido) (any, error) {
	var c struct {
		Idioma string `json:"idioma,omitempty"`
	}
	if err := decodificarOpcional(pe.cuerpo, &c); err != nil {
		return nil, err
	}
	if !s.altas.permitir(direccionDe(pe.r)) {
		return nil, ErrDemasiados
	}
	j, err := s.Invitado(ctx, c.Idioma)
	if err != nil {
		return nil, err
	}
	return s.abrirSesion(ctx, pe.w, pe.r, j, true)
}

func (s *Sala) apiSalir(ctx context.Context, pe pedido) (any, error) {
	if err := s.Salir(ctx, pe.sesion); err != nil {
		return nil, err
	}
	http.SetCookie(pe.w, &http.Cookie{Name: nombreSesion, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: pe.r.TLS != nil,
		SameSite: http.SameSiteStrictMode})
	return map[string]bool{"ok": true}, nil
}

func (s *Sala) apiYo(ctx context.Context, pe pedido) (any, error) {
	c, err := s.almacen.CuentaPorClave(ctx, esqueleto(pe.sesion.jugador.Nombre))
	invitado := err == nil && c.Invitado
	return map[string]any{"jugador": pe.sesion.jugador.ID, "nombre": pe.sesion.jugador.Nombre, "csrf": pe.sesion.csrf, "invitado": invitado}, nil
}

func (s *Sala) apiReglas(context.Context, pedido) (any, error) {
	niveles := []string{}
	for _, n := range bot.Niveles() {
		niveles = append(niveles, n.String())
	}
	return map[string]any{"reglas": s.reglas, "niveles": niveles, "relojes": relojesOfrecidos}, nil
}

func (s *Sala) apiMesas(context.Context, pedido) (any, error) { return s.Abiertas(), nil }

func (s *Sala) apiEnJuego(context.Context, pedido) (any, error) { return s.EnJuego(), nil }

func (s *Sala) apiCrear(ctx context.Context, pe pedido) (any, error) {
	var pm pedidoMesa
	if err := decodificar(pe.cuerpo, &pm); err != nil {
		return nil, err
	}
	return s.Crear(ctx, pe.sesion.jugador, pm)
}

func (s *Sala) apiUnirse(ctx context.Context, pe pedido) (any, error) {
	id, err := idDeRuta(pe.r)
	if err != nil {
		return nil, err
	}
	return s.Unirse(ctx, pe.sesion.jugador, id)
}

func (s *Sala) apiDejar(ctx context.Context, pe pedido) (any, error) {
	id, err := idDeRuta(pe.r)
	if err != nil {
		return nil, err
	}
	return map[string]bool{"ok": true}, s.Dejar(pe.sesion.jugador, id)
}

// apiEsperar espera hasta 25 s a que la mesa se llene (una espera larga,
// no una consulta repetida).
func (s *Sala) apiEsperar(ctx context.Context, pe pedido) (any, error) {
	id, err := idDeRuta(pe.r)
	if err != nil {
		return nil, err
	}
	ctx, cancelar := context.WithTimeout(ctx, 25*time.Second)
	defer cancelar()
	return s.Esperar(ctx, pe.sesion.jugador, id)
}

func (s *Sala) apiMisPartidas(ctx context.Context, pe pedido) (any, error) {
	return s.MisPartidas(ctx, pe.sesion.jugador)
}

func (s *Sala) apiClasificacion(ctx context.Context, _ pedido) (any, error) {
	return s.Clasificacion(ctx)
}

func (s *Sala) apiRevancha(ctx context.Context, pe pedido) (any, error) {
	id, err := idDeRuta(pe.r)
	if err != nil {
		return nil, err
	}
	return s.Revancha(ctx, pe.sesion.jugador, id)
}

func (s *Sala) apiRevision(ctx context.Context, pe pedido) (any, error) {
	id, err := idDeRuta(pe.r)
	if err != nil {
		return nil, err
	}
	return s.Revision(ctx, id)
}

func (s *Sala) manejarGCG(w http.ResponseWriter, r *http.Request) {
	id, err := idDeRuta(r)
	if err != nil {
		responderError(w, r, err)
		return
	}
	var b bytes.Buffer
	if err := s.GCG(r.Context(), &b, id); err != nil {
		if errors.Is(err, almacen.ErrPartidaInexistente) {
			err = ErrPartidaDesconocida
		}
		responderError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"partida-%d.gcg\"", id))
	w.Write(b.Bytes())
}
