package sitio

import (
	"sync"
	"time"
)

// Los WebSocket de cada sesión. Salir, vencer o revocar una sesión cierra
// sus WebSocket abiertos en este proceso (con el código cierreSesion) en
// cuanto pasa: revocarSesion es el punto único por donde pasa toda
// revocación, y el que un aviso entre procesos debe llamar para cerrar los
// de los demás.

// cierreSesion es el código de cierre de un WebSocket cuya sesión se
// cerró, venció o fue revocada: la página no se reconecta y pide entrar.
const cierreSesion = 4002

// recordarRevocadas es cuánto recuerda la sala una sesión revocada: un
// WebSocket que verificó su sesión justo antes de la revocación y se anota
// justo después también se cierra.
const recordarRevocadas = time.Minute

// sesionesWS anota los WebSocket abiertos de cada sesión (por el resumen de
// su ficha). El valor cero sirve.
type sesionesWS struct {
	mu        sync.Mutex
	abiertos  map[string]map[*conexion]struct{}
	revocadas map[string]time.Time
}

// maxWSPorSesion es cuántos WebSocket puede tener abiertos a la vez una
// sesión (una pestaña usa uno): así una sesión no se lleva las plazas de
// los WebSocket con sesión (limites.go).
const maxWSPorSesion = 16

// anotar agrega cx a su sesión. Errores (cx no queda anotada): ErrSinSesion
// si la sesión ya fue revocada, ErrDemasiados si ya tiene maxWSPorSesion.
func (r *sesionesWS) anotar(cx *conexion) error {
	clave := string(cx.sesion.resumen)
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.revocadas[clave]; ok {
		return ErrSinSesion
	}
	if len(r.abiertos[clave]) >= maxWSPorSesion {
		return ErrDemasiados
	}
	if r.abiertos == nil {
		r.abiertos = map[string]map[*conexion]struct{}{}
	}
	if r.abiertos[clave] == nil {
		r.abiertos[clave] = map[*conexion]struct{}{}
	}
	r.abiertos[clave][cx] = struct{}{}
	return nil
}

// quitar saca a cx de su sesión.
func (r *sesionesWS) quitar(cx *conexion) {
	clave := string(cx.sesion.resumen)
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.abiertos[clave], cx)
	if len(r.abiertos[clave]) == 0 {
		delete(r.abiertos, clave)
	}
}

// revocar recuerda la sesión como revocada y devuelve sus WebSocket.
func (r *sesionesWS) revocar(resumen []byte) []*conexion {
	clave := string(resumen)
	ahora := time.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.revocadas == nil {
		r.revocadas = map[string]time.Time{}
	}
	for k, t := range r.revocadas {
		if ahora.Sub(t) > recordarRevocadas {
			delete(r.revocadas, k)
		}
	}
	r.revocadas[clave] = ahora
	var res []*conexion
	for cx := range r.abiertos[clave] {
		res = append(res, cx)
	}
	delete(r.abiertos, clave)
	return res
}

// revocarSesion cierra enseguida los WebSocket abiertos en este proceso de
// la sesión de ese resumen (la ficha resumida con SHA-256): dejan de
// atender mensajes y se cierran con cierreSesion. La llaman Salir y el
// vencimiento de la sesión; quien revoque sesiones desde otro proceso debe
// hacerla llamar en cada uno.
func (s *Sala) revocarSesion(resumen []byte) {
	for _, cx := range s.sesionesWS.revocar(resumen) {
		cx.revocar()
	}
}

// revocar deja de atender los mensajes de la conexión y la cierra con
// cierreSesion (sin esperar el saludo de cierre del cliente más de lo que
// espera websocket.Conn.Close).
func (cx *conexion) revocar() {
	if cx.revocada.Swap(true) {
		return
	}
	go cx.c.Close(cierreSesion, "sesión cerrada")
}
